// Actions beside the list of accounts: opening an account or a wallet (the new record then shows in the list).
import { OpenAccountButton } from '../issue/IssueCardButton';

export function AccountActions(): React.JSX.Element {
  return <OpenAccountButton />;
}
