// A proxy's sign-in answered by another thread: the cache's page reader sends a sync's requests from its
// own thread, and asks the main thread, which loads the Kerberos support (a native module the reader's
// bundle does not carry) and keeps each handshake's state, for every Proxy-Authorization it sends. The
// messages are plain data: the route (with the password the reader already has for Basic), the challenges,
// the answers.
import { errorMessage } from '../errors/error-message';
import type { ProxyRoute } from './network-route';
import type { Challenge, SignInScheme } from './proxy-challenge';
import type { ProxySignIn, SignInAnswer, SignInSession } from './proxy-sign-in';

/** From the thread that sends requests to the thread that signs in. */
type SignInCall =
  | { session: number; call: 'first'; route: ProxyRoute; learned: SignInScheme | null }
  | { session: number; call: 'next'; route: ProxyRoute; challenges: Challenge[] };
export type SignInAsk =
  ({ type: 'signIn'; id: number } & SignInCall) | { type: 'signIn'; id: number; session: number; call: 'end' };

export type SignInReply =
  { type: 'signInAnswer'; id: number; answer: SignInAnswer } | { type: 'signInAnswer'; id: number; error: string };

export const isSignInAsk = (m: unknown): m is SignInAsk => (m as { type?: unknown } | null)?.type === 'signIn';
export const isSignInReply = (m: unknown): m is SignInReply =>
  (m as { type?: unknown } | null)?.type === 'signInAnswer';

/** The asking side: a ProxySignIn whose sessions live where `post` sends to; `receive` takes the replies. */
export function remoteSignIn(post: (ask: SignInAsk) => void): {
  signIn: ProxySignIn;
  receive(reply: SignInReply): void;
} {
  const waiting = new Map<number, { resolve: (a: SignInAnswer) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let nextSession = 1;
  const ask = (message: SignInCall): Promise<SignInAnswer> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      post({ type: 'signIn', id, ...message });
    });
  const signIn: ProxySignIn = (route): SignInSession => {
    const session = nextSession++;
    return {
      first: (learned) => ask({ session, call: 'first', route, learned }),
      next: (challenges) => ask({ session, call: 'next', route, challenges }),
      end: () => post({ type: 'signIn', id: 0, session, call: 'end' }),
    };
  };
  return {
    signIn,
    receive(reply) {
      const w = waiting.get(reply.id);
      if (!w) return;
      waiting.delete(reply.id);
      if ('answer' in reply) w.resolve(reply.answer);
      else w.reject(new Error(reply.error));
    },
  };
}

/** The answering side: runs each ask on `local` and sends its reply; `clear` ends every session. */
export function answerSignIns(
  local: ProxySignIn,
  reply: (r: SignInReply) => void,
): { receive(ask: SignInAsk): void; clear(): void } {
  const sessions = new Map<number, SignInSession>();
  return {
    receive(ask) {
      if (ask.call === 'end') {
        sessions.get(ask.session)?.end();
        sessions.delete(ask.session);
        return;
      }
      let session = sessions.get(ask.session);
      if (!session) {
        session = local(ask.route);
        sessions.set(ask.session, session);
      }
      const answering = ask.call === 'first' ? session.first(ask.learned) : session.next(ask.challenges);
      answering.then(
        (answer) => reply({ type: 'signInAnswer', id: ask.id, answer }),
        (error: unknown) => reply({ type: 'signInAnswer', id: ask.id, error: errorMessage(error) }),
      );
    },
    clear() {
      for (const session of sessions.values()) session.end();
      sessions.clear();
    },
  };
}
