// Session-wide hardening: every permission request and check is refused, and the spellchecker is off
// (the window also sets `spellcheck: false`), so Chromium never downloads dictionaries.
import type { Session } from 'electron';
import { allowPermission } from '../security/renderer-baseline';

export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => callback(allowPermission(permission)));
  session.setPermissionCheckHandler((_contents, permission) => allowPermission(permission));
  session.setSpellCheckerEnabled(false);
}
