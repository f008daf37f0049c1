// The part of js-md4 (no types of its own) NTLM uses: a streaming MD4 in plain JavaScript.
declare module 'js-md4' {
  interface Md4 {
    update(message: Uint8Array): Md4;
    arrayBuffer(): ArrayBuffer;
  }
  const md4: { create(): Md4 };
  export default md4;
}
