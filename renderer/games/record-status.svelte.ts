import type { Text } from '../../engine/core/contract.ts';

/**
 * What the screens share about game records, reactive: writes in flight (the controls wait for
 * them), what the player must be told about a record (one notice per game, shown by
 * RecordNotices in the current language), the question before a saved game is replaced, and the
 * game the picker asked to resume. Written by session.ts only.
 */
export interface RecordNotice {
  game: string;
  kind: 'error' | 'info';
  text: Text;
  /** The engine's or the system's own words, for a bug report (not translated). */
  detail?: string;
}

export interface ReplaceQuestion {
  game: string;
  answer: (replace: boolean) => void;
}

export const recordStatus = $state({
  writing: 0,
  notices: [] as RecordNotice[],
  question: null as ReplaceQuestion | null,
  resumeNext: null as string | null,
});

export function notify(notice: RecordNotice): void {
  recordStatus.notices = [...recordStatus.notices.filter((n) => n.game !== notice.game), notice];
}

export function dismiss(game: string): void {
  recordStatus.notices = recordStatus.notices.filter((n) => n.game !== game);
}
