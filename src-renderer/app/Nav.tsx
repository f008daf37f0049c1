import { useEffect } from 'react';
import { ROUTES, hrefOf, type RoutePath } from '../lib/routes';
import { hasUnseenDecision, useApprovalsStore } from '../stores/approvalsStore';

export function Nav({ current }: { current: RoutePath }): React.JSX.Element {
  // Approvals are listed when the team database is there; an approver sees how many wait for them, live.
  const approvals = useApprovalsStore((s) => s.status);
  const listen = useApprovalsStore((s) => s.listen);
  const refresh = useApprovalsStore((s) => s.refresh);
  useEffect(() => {
    const off = listen();
    void refresh();
    return off;
  }, [listen, refresh]);
  const waiting = approvals?.approver ? approvals.waitingForMe : 0;
  // The maker is told when one of their requests was decided (approved and sent, rejected, expired, …).
  const decided = useApprovalsStore(hasUnseenDecision) && current !== 'approvals';
  return (
    <nav className="nav" aria-label="Main">
      <div className="brand">Card Desk</div>
      <ul>
        {ROUTES.filter((r) => r.path !== 'approvals' || approvals?.available).map((r) => (
          <li key={r.path}>
            <a href={hrefOf(r.path)} aria-current={r.path === current ? 'page' : undefined}>
              {r.label}
              {r.path === 'approvals' && waiting > 0 ? (
                <span className="nav-count" aria-label={`, ${waiting} waiting for your approval`}>
                  {' '}
                  {waiting}
                </span>
              ) : null}
              {r.path === 'approvals' && decided ? (
                <span className="nav-count nav-news" data-testid="approvals-decided">
                  {' '}
                  decided
                  <span className="visually-hidden">: one of your requests was decided</span>
                </span>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
