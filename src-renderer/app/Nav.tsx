import { ROUTES, hrefOf, type RoutePath } from '../lib/routes';

export function Nav({ current }: { current: RoutePath }): React.JSX.Element {
  return (
    <nav className="nav" aria-label="Main">
      <div className="brand">Card Desk</div>
      <ul>
        {ROUTES.map((r) => (
          <li key={r.path}>
            <a href={hrefOf(r.path)} aria-current={r.path === current ? 'page' : undefined}>
              {r.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
