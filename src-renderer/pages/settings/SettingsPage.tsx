import { ErrorState, LoadingRows } from '../../components/states/States';
import { AboutSection } from './AboutSection';
import { ApprovalsSection } from './ApprovalsSection';
import { AppearanceSection } from './AppearanceSection';
import { EnvironmentCard } from './EnvironmentCard';
import { EnvironmentForm } from './EnvironmentForm';
import { JournalSection } from './JournalSection';
import { LockSection } from './LockSection';
import { SyncScheduleSection } from './SyncScheduleSection';
import { TeamSection } from './TeamSection';
import { useEnvironments } from './useEnvironments';
import { usePolicy } from './usePolicy';
import './settings.css';

export function SettingsPage(): React.JSX.Element {
  const envs = useEnvironments();
  const policy = usePolicy();
  const list = envs.data?.data;
  return (
    <section aria-labelledby="page-title" className="settings">
      <h1 id="page-title">Settings</h1>
      <section aria-labelledby="environments-title">
        <h2 id="environments-title">Environments</h2>
        <p className="muted">
          Each environment is one card service with its own API key (kept in your system keychain, never in a file) and
          its own customer cache.
        </p>
        {envs.error ? (
          <ErrorState error={envs.error.appError} onRetry={() => void envs.refetch()} />
        ) : !list ? (
          <LoadingRows rows={3} label="Loading environments" />
        ) : (
          <div className="environments">
            {list.environments.map((env) => (
              <EnvironmentCard key={env.id} environment={env} active={env.id === list.activeId} />
            ))}
          </div>
        )}
        {policy.data?.data.allowUserEnvironments === false ? (
          <p className="muted" data-testid="no-user-environments">
            Your organisation&apos;s policy does not allow adding environments.
          </p>
        ) : (
          <section className="panel" aria-labelledby="add-environment-title">
            <h3 id="add-environment-title">Add an environment</h3>
            <EnvironmentForm />
          </section>
        )}
      </section>
      <TeamSection />
      <ApprovalsSection />
      <SyncScheduleSection />
      <AppearanceSection />
      <LockSection />
      <JournalSection />
      <AboutSection />
    </section>
  );
}
