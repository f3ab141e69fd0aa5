const rules = new Intl.PluralRules("ru-RU");

/** «1 модуль», «3 модуля», «5 модулей»: Russian plural forms chosen by CLDR's rules. */
export function pluralRu(count: number, forms: { one: string; few: string; many: string }): string {
  const category = rules.select(count);
  return `${count} ${category === "one" ? forms.one : category === "few" ? forms.few : forms.many}`;
}
