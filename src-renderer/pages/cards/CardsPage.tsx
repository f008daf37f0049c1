import type { Route } from '../../lib/routes';
import { CardDetail } from './CardDetail';
import { CardsList } from './CardsList';

export function CardsPage({ route }: { route: Route }): React.JSX.Element {
  const id = route.params[0];
  return id ? <CardDetail key={id} id={id} route={route} /> : <CardsList route={route} />;
}
