// Where the card-issuing button sits: on the Cards page and, with the customer chosen, on a customer's page.
export function IssueCardSlot(_props: { customerId?: string }): React.JSX.Element | null {
  return null;
}
