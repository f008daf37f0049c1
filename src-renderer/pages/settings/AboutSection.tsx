// Settings → About: facts about this desk that IT asks for. The fingerprint of the desk's own key, which signs
// every journal export: IT registers it, and checks an exported file against it with
// `npm run journal:verify -- FILE.csv --key FINGERPRINT`.
import { useQuery } from '@tanstack/react-query';
import { bridge } from '../../lib/bridge';

/** Groups of four hex digits, as a person reads a fingerprint out. */
const grouped = (fingerprint: string) => fingerprint.match(/.{1,4}/g)!.join(' ');

export function AboutSection(): React.JSX.Element {
  const key = useQuery({
    queryKey: ['journal', 'exportFingerprint'],
    queryFn: async () => {
      const r = await bridge().journal.exportFingerprint();
      return r.ok
        ? { fingerprint: r.data.fingerprint, problem: null }
        : { fingerprint: null, problem: r.error.message };
    },
  });
  return (
    <section className="panel" aria-labelledby="about-title">
      <h2 id="about-title">About</h2>
      <p className="muted">
        Journal exports are signed with this desk&apos;s own key, kept in the system keychain. Give its fingerprint to
        IT to register: a file changed or signed by anyone else then fails their check.
      </p>
      <p>
        Export signing key fingerprint (SHA-256):{' '}
        {key.data?.fingerprint ? (
          <code className="fingerprint" data-testid="export-key-fingerprint">
            {grouped(key.data.fingerprint)}
          </code>
        ) : key.data?.problem ? (
          <span role="alert">{key.data.problem}</span>
        ) : (
          <span className="muted">reading…</span>
        )}
      </p>
    </section>
  );
}
