/** What a form says when its server action could not be reached (components/form-toasts.ts says it). */
export const NO_CONNECTION = "Нет связи с сервером, попробуйте ещё раз";
