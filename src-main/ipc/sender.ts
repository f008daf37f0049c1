// Which IPC senders are trusted: only the top frame of our own page, from our own origin (VS Code's
// check in ipcMain.ts; GitHub Desktop's trusted-sender guard). Pure, so a table-driven test covers it.

export interface SenderInfo {
  /** URL of the frame that sent the message (event.senderFrame.url). */
  frameUrl: string | null | undefined;
  /** True when the sending frame is the window's main frame (no iframe). */
  isTopFrame: boolean;
}

/** `scheme://host[:port]` of a URL, compared literally; null when unparsable or carrying credentials. */
export function originOf(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.username || u.password) return null;
  return `${u.protocol}//${u.host}`;
}

export function isTrustedSender(sender: SenderInfo, allowedOrigins: readonly string[]): boolean {
  if (!sender.isTopFrame) return false;
  if (!sender.frameUrl) return false;
  const origin = originOf(sender.frameUrl);
  return origin !== null && allowedOrigins.includes(origin);
}
