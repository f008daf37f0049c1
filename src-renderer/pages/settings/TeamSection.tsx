// Settings → Team: the active environment's team database (optional; without one this desk works alone).
// The operator signs in with their Windows sign-in (their Kerberos ticket: nothing typed, nothing kept), or
// with their own database login: the password goes to main, which keeps it in the system keychain once the
// database accepted it, and is never shown back. The address, and the way of signing in, may be set by the
// organisation's policy, and then cannot be changed here.
import { useState } from 'react';
import type { TeamSignIn, TeamStatus } from '../../../src-shared/ipc/channels/team';
import type { AppError } from '../../../src-shared/ipc/result';
import { bridge } from '../../lib/bridge';
import { useTeamStore } from '../../stores/teamStore';

/** The team database's state in a sentence. */
export function teamStateText(team: TeamStatus): string {
  switch (team.state) {
    case 'off':
      return 'No team database: this desk works on its own.';
    case 'signed_out':
      return 'Not signed in to the team database.';
    case 'connecting':
      return `Connecting to ${team.url ?? 'the team database'}…`;
    case 'connected':
      return `Connected to ${team.url} as ${team.login ?? team.user}${team.syncer ? ' (may sync customers for the team)' : ''}.`;
    case 'switching':
      return `The team database's primary went away: looking for the server that takes writes now (${team.url ?? ''}).`;
    case 'unreachable':
    case 'refused':
      return team.problem ?? 'The team database cannot be used.';
  }
}

function waitingText(team: TeamStatus): string | null {
  const waiting = team.journal.waiting;
  if (waiting === null || waiting === 0) return null;
  const text = `${waiting.toLocaleString('en')} journal ${waiting === 1 ? 'event waits' : 'events wait'} to be sent to the team journal.`;
  const who = team.journal.waitingFor;
  return who
    ? `${text} The first was written while ${who} was signed in on this desk: it goes when ${who} signs in here again.`
    : text;
}

/** The team database's state, journal events waiting, an alarm, and how other desks' changes are heard. */
function TeamStatusLines({ team }: { team: TeamStatus }): React.JSX.Element {
  return (
    <>
      <p role="status" data-testid="team-state" className={`team-state team-${team.state}`}>
        {teamStateText(team)}
      </p>
      {waitingText(team) ? <p className="muted">{waitingText(team)}</p> : null}
      {team.journal.alarm ? (
        <p className="field-error" role="alert" data-testid="team-journal-alarm">
          {team.journal.alarm}
        </p>
      ) : null}
      {team.notices === 'polling' ? (
        <p className="muted" data-testid="team-notices">
          Other desks&apos; changes are looked for every 5 seconds: the team database is reached through a pooler, and
          your organisation names no direct address to listen on.
        </p>
      ) : null}
    </>
  );
}

export function TeamSection(): React.JSX.Element | null {
  const team = useTeamStore((s) => s.team);
  const setTeam = useTeamStore((s) => s.set);
  const [url, setUrl] = useState('');
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [chosenSignIn, setSignIn] = useState<TeamSignIn | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  if (!team) return null;
  const signedIn = team.user !== null;
  // A saved login the database refuses (a changed password) may sign in again over it.
  const canSignIn = !signedIn || team.state === 'refused';
  const address = team.urlSetByPolicy || (signedIn && url === '') ? (team.url ?? '') : url;
  const signInWith = team.signInSetByPolicy ? team.signIn : (chosenSignIn ?? team.signIn);
  const windows = signInWith === 'windows';

  const signIn = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const r = await bridge().team.connect(
      windows
        ? { url: address, signIn: 'windows', ...(user.trim() ? { user } : {}) }
        : { url: address, user, password },
    );
    setBusy(false);
    setPassword('');
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setTeam(r.data);
  };
  const signOut = async () => {
    setBusy(true);
    setError(null);
    const r = await bridge().team.disconnect();
    setBusy(false);
    if (r.ok) setTeam(r.data);
    else setError(r.error);
  };
  const fieldError = (field: string) =>
    error && (error.field === field || error.fields?.[field]) ? (error.fields?.[field] ?? error.message) : null;
  const general = error && !fieldError('url') && !fieldError('user') && !fieldError('password') ? error.message : null;

  return (
    <section className="panel" aria-labelledby="team-title" data-testid="team-section">
      <h2 id="team-title">Team</h2>
      <p className="muted">
        A team shares one PostgreSQL database that your IT runs: the team&apos;s journal of card and account requests is
        kept there too, with your database login on each entry. Sign in with your own login; the password is kept in
        your system keychain, never in a file.
      </p>
      <TeamStatusLines team={team} />
      {signedIn ? (
        <div className="form-actions">
          <button type="button" disabled={busy} onClick={() => void signOut()}>
            {busy ? 'Signing out…' : `Sign out ${team.user}`}
          </button>
        </div>
      ) : null}
      {canSignIn ? (
        <form onSubmit={(e) => void signIn(e)} noValidate>
          <label>
            Database address
            <input
              name="url"
              value={address}
              readOnly={team.urlSetByPolicy}
              placeholder="postgres://db.example.com:5432/carddesk"
              onChange={(e) => setUrl(e.target.value)}
              aria-invalid={fieldError('url') ? true : undefined}
              aria-describedby={fieldError('url') ? 'team-url-error' : undefined}
            />
          </label>
          {team.urlSetByPolicy ? <p className="muted">Set by your organisation.</p> : null}
          {team.signInSetByPolicy ? (
            <p className="muted" data-testid="team-sign-in-policy">
              {windows
                ? 'Your organisation has you sign in with your Windows sign-in: no password.'
                : 'Your organisation has you sign in with a database password.'}
            </p>
          ) : (
            <fieldset className="choice">
              <legend>Sign in with</legend>
              <label>
                <input
                  type="radio"
                  name="signIn"
                  value="windows"
                  checked={windows}
                  onChange={() => setSignIn('windows')}
                />
                My Windows sign-in, nothing to type
              </label>
              <label>
                <input
                  type="radio"
                  name="signIn"
                  value="password"
                  checked={!windows}
                  onChange={() => setSignIn('password')}
                />
                A database login of my own
              </label>
            </fieldset>
          )}
          {fieldError('url') ? (
            <p className="field-error" id="team-url-error">
              {fieldError('url')}
            </p>
          ) : null}
          <label>
            Database user
            <input
              name="user"
              value={user}
              autoComplete="username"
              placeholder={windows ? 'Your Windows user name, unless IT gave you another' : undefined}
              onChange={(e) => setUser(e.target.value)}
            />
          </label>
          {fieldError('user') ? <p className="field-error">{fieldError('user')}</p> : null}
          {windows ? null : (
            <label>
              Password
              <input
                name="password"
                type="password"
                value={password}
                autoComplete="current-password"
                onChange={(e) => setPassword(e.target.value)}
              />
            </label>
          )}
          {fieldError('password') ? <p className="field-error">{fieldError('password')}</p> : null}
          <div className="form-actions">
            <button type="submit" className="primary" disabled={busy}>
              {busy ? 'Signing in…' : 'Sign in'}
            </button>
          </div>
        </form>
      ) : null}
      {general ? (
        <p className="field-error" role="alert">
          {general}
        </p>
      ) : null}
    </section>
  );
}
