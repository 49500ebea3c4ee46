/** What a user reads, German first: the same shape as the engine's Text, kept here so hardware stays apart. */
export interface Text {
  de: string;
  en: string;
}
