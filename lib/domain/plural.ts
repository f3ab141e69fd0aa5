const rules = new Intl.PluralRules("ru-RU");

export interface PluralForms {
  one: string;
  few: string;
  many: string;
}

/** The Russian form of a word for a count, by CLDR's rules: «ушёл» (1, 21), «ушли» (2–4, 5…), «студента». */
export function pluralForm(count: number, forms: PluralForms): string {
  const category = rules.select(count);
  return category === "one" ? forms.one : category === "few" ? forms.few : forms.many;
}

/** «1 модуль», «3 модуля», «5 модулей»: the count and its word's form. */
export function pluralRu(count: number, forms: PluralForms): string {
  return `${count} ${pluralForm(count, forms)}`;
}
