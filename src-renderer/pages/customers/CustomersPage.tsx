import type { Route } from '../../lib/routes';
import { CustomerDetail } from './CustomerDetail';
import { CustomerList } from './CustomerList';
import './customers.css';

export function CustomersPage({ route }: { route: Route }): React.JSX.Element {
  const id = route.params[0];
  return id ? <CustomerDetail key={id} id={id} /> : <CustomerList route={route} />;
}
