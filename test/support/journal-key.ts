// A fixed chain key for tests that open a journal file directly (openJournal): the app reads its own from the
// keychain (journal-file.ts). Every test that reopens a journal must give the key it was chained with.
export const TEST_CHAIN_KEY = new Uint8Array(32).fill(7);
