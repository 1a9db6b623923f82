import { MAX_UPLOAD_BYTES } from '@/config/limits';
import { t } from '@/i18n/zh-HK';

/** The largest avatar accepted (spec §9). */
export const MAX_AVATAR_BYTES = MAX_UPLOAD_BYTES;

/** What the server stores as an avatar; also the file input's `accept`. */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

// Some systems leave `type` empty for a file they cannot name: the extension decides then.
const AVATAR_EXTENSIONS = /\.(jpe?g|png|webp)$/i;

/** Why this file cannot be an avatar, or undefined (the server checks its content again). */
export function avatarProblem(file: File): string | undefined {
  const typed = file.type ? (AVATAR_TYPES as readonly string[]).includes(file.type) : AVATAR_EXTENSIONS.test(file.name);
  if (!typed) return t.avatarPicker.wrongType;
  if (file.size > MAX_AVATAR_BYTES) return t.avatarPicker.tooLarge;
  return undefined;
}
