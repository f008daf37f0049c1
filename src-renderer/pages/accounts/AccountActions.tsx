// Actions that create records beside the list of accounts (opening an account or a wallet) render here.
export function AccountActions(): React.JSX.Element | null {
  return null;
}
