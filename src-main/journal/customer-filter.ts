// The customers a journal "Customer" filter names: those whose name matches it in the customer cache, and
// the text itself when it is a customer id.

export async function customersFor(text: string, named?: (text: string) => Promise<string[]>): Promise<string[]> {
  const ids = named ? await named(text) : [];
  const id = text.trim().toLowerCase();
  return /^[0-9a-f]{24}$/.test(id) ? [...new Set([...ids, id])] : ids;
}
