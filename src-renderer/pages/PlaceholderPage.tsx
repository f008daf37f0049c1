import { ROUTES, type Route } from '../app/routes';

export function PlaceholderPage({ route }: { route: Route }): React.JSX.Element {
  const label = ROUTES.find((r) => r.path === route.page)?.label ?? route.page;
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{label}</h1>
    </section>
  );
}
