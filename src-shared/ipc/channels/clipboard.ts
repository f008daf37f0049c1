// Copy: the page hands the text to main, which writes the system clipboard (Electron's `clipboard`).
// The renderer's own clipboard access stays refused with every other permission.
import { z } from 'zod';
import { channel } from './common';

export const COPY_TEXT_MAX = 10_000;

export const clipboardChannels = {
  'app.copyText': channel(
    z.object({
      text: z
        .string({ error: 'text must be text' })
        .min(1, { error: 'text must not be empty' })
        .max(COPY_TEXT_MAX, { error: `text must be at most ${COPY_TEXT_MAX} characters` }),
    }),
    z.object({ copied: z.literal(true) }),
  ),
};
