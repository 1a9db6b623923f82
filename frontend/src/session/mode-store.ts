/**
 * The student/tutor mode of the top bar's selector (spec §4), kept across reloads.
 * Logging out puts it back to student.
 */
export type AccountMode = 'student' | 'tutor';

const MODE_KEY = 'accountMode';

export function readMode(): AccountMode {
  try {
    return window.localStorage.getItem(MODE_KEY) === 'tutor' ? 'tutor' : 'student';
  } catch {
    return 'student';
  }
}

export function writeMode(mode: AccountMode): void {
  try {
    if (mode === 'student') window.localStorage.removeItem(MODE_KEY);
    else window.localStorage.setItem(MODE_KEY, mode);
  } catch {
    // Blocked storage: the mode lasts for this page only.
  }
}
