import { expect, test } from "./fixtures";
import { createStudent, createTool, deleteUser, service, setAccess, unique, uniqueName } from "./helpers/backend";
import { countActions, expectNotHydrated, expectSentOnce, holdScripts, hydrated } from "./helpers/scripts";
import { signInByAction, toast, useSession } from "./helpers/session";

/**
 * Signed-in forms hydrate with their page. What a person does before the page's script has
 * arrived is not lost and not doubled: text typed is kept and saved, a press or Enter is made
 * once the form can act (React holds it), the submit button is in the Tab order from the first
 * byte, and a textarea that shows saved text is read-only until then (hydration would put its
 * saved text back over what was typed).
 */

test("settings: a name typed before the script is kept, Tab reaches «Сохранить имя», and Enter on it saves once", async ({ page }) => {
  const student = await createStudent(uniqueName("Rannyaya"));
  try {
    await signInByAction(page, student.email, student.password);
    const newName = uniqueName("Novoe Imya");
    const sent = countActions(page, newName);
    const scripts = await holdScripts(page);
    await page.goto("/settings", { waitUntil: "commit" });
    const field = page.getByLabel("Имя", { exact: true });
    await expect(field).toHaveValue(student.fullName);
    const button = page.getByRole("button", { name: "Сохранить имя" });
    await expectNotHydrated(scripts, button);

    await field.click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type(newName);
    await page.keyboard.press("Tab");
    await expect(button).toBeFocused();
    await page.keyboard.press("Enter");
    // Held by React's own script, not the browser's GET of the form: the address stays, nothing is sent.
    await expect(page).toHaveURL(/\/settings$/);
    expect(await hydrated(button)).toBe(false);
    expect(sent()).toBe(0);

    scripts.release();
    await expect(toast(page, "Имя сохранено")).toBeVisible();
    await expectSentOnce(page, sent);
    await expect(field).toHaveValue(newName);
    expect((await service.from("profiles").select("full_name").eq("id", student.id).single()).data).toEqual({ full_name: newName });
  } finally {
    await deleteUser(student.id);
  }
});

test("settings: a notification switch pressed before the script shows the press at once and is switched once, after hydration", async ({ page }) => {
  const student = await createStudent(uniqueName("Rannii Pereklyuchatel"));
  try {
    await signInByAction(page, student.email, student.password);
    const sent = countActions(page, "homework_accepted");
    const scripts = await holdScripts(page);
    await page.goto("/settings", { waitUntil: "commit" });
    const accepted = page.getByRole("switch", { name: "E-mail: Работа принята" });
    await expect(accepted).toHaveAttribute("aria-checked", "true");
    await expectNotHydrated(scripts, accepted);

    await accepted.click();
    // Held by React's own script (the switch is its form's submit button); the submit guard shows it taken.
    await expect(accepted).toHaveAttribute("aria-busy", "true");
    await expect(page).toHaveURL(/\/settings$/);
    expect(await hydrated(accepted)).toBe(false);
    expect(sent()).toBe(0);

    scripts.release();
    await expect(toast(page, "Настройка сохранена")).toContainText("E-mail: Работа принята — выключено");
    await expectSentOnce(page, sent);
    await expect(accepted).toHaveAttribute("aria-checked", "false");
    await expect(accepted).toHaveAttribute("aria-busy", "false");
    expect((await service.from("notification_preferences").select("kind, channel, enabled").eq("user_id", student.id)).data).toEqual([
      { kind: "homework_accepted", channel: "email", enabled: false },
    ]);

    // Once React has it, the next press is an ordinary one (saved before the student is deleted below).
    await accepted.click();
    await expect(accepted).toHaveAttribute("aria-checked", "true");
    await expect.poll(sent).toBe(2);
    await expect(accepted).toHaveAttribute("aria-busy", "false");
    expect((await service.from("notification_preferences").select("enabled").eq("user_id", student.id)).data).toEqual([{ enabled: true }]);
  } finally {
    await deleteUser(student.id);
  }
});

test("a lesson: «Отметить пройденным» pressed before the script is the browser's post, marks the lesson once and says so as the page hydrates", async ({ page }) => {
  const student = await createStudent(uniqueName("Rannyaya Otmetka"));
  const tool = await createTool({ lessons: [{ title: "Урок до скрипта", order_index: 1 }] });
  try {
    await setAccess("tool", student.id, tool.id, { is_unlocked: true });
    const lessonId = tool.lessonId("Урок до скрипта");
    const lessonPath = `/tech-founder/${tool.name.toLowerCase()}/${lessonId}`;
    await signInByAction(page, student.email, student.password);
    // The marks posted (the lesson page also tells the server it was opened, as it hydrates).
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && (request.postData() ?? "").includes("completed")) posts.push(request.headers()["next-action"] ? "React" : "browser");
    });
    const scripts = await holdScripts(page);
    await page.goto(lessonPath, { waitUntil: "commit" });
    const mark = page.getByRole("button", { name: "Отметить пройденным" });
    await expectNotHydrated(scripts, mark);

    await mark.click();
    // The page comes back from the post with the mark, still without its script.
    const done = page.getByRole("button", { name: "Пройдено" });
    await expect(done).toHaveAttribute("aria-pressed", "true");
    expect(posts).toEqual(["browser"]);
    const completed = async () =>
      (await service.from("lesson_progress").select("completed_at").eq("user_id", student.id).eq("lesson_id", lessonId).maybeSingle()).data?.completed_at ?? null;
    expect(await completed()).not.toBeNull();

    scripts.release();
    await expect(toast(page, "Урок отмечен пройденным")).toBeVisible();
    await expect.poll(() => hydrated(done)).toBe(true);
    expect(posts).toEqual(["browser"]);

    // Once React has it, the undo is an ordinary press.
    await done.click();
    await expect(toast(page, "Отметка снята")).toBeVisible();
    await expect(page.getByRole("button", { name: "Отметить пройденным" })).toHaveAttribute("aria-pressed", "false");
    await expect.poll(completed).toBeNull();
    expect(posts).toEqual(["browser", "React"]);
  } finally {
    await tool.remove();
    await deleteUser(student.id);
  }
});

test("a group: e-mails typed before the script are kept, Tab reaches «Добавить в группу», and a press adds them once", async ({ page }) => {
  const student = await createStudent(uniqueName("Rannii Uchenik"));
  const { data: group } = await service.from("groups").insert({ name: unique("Ранний поток") }).select("id").single();
  try {
    await useSession(page, "admin");
    const sent = countActions(page, student.email);
    const scripts = await holdScripts(page);
    await page.goto(`/admin/groups/${group!.id}`, { waitUntil: "commit" });
    const emails = page.getByLabel("E-mail студентов: по одному в строке или через запятую");
    const button = page.getByRole("button", { name: "Добавить в группу" });
    await expect(button).toBeVisible();
    await expectNotHydrated(scripts, button);

    await emails.click();
    await page.keyboard.type(student.email);
    await page.keyboard.press("Tab");
    await expect(button).toBeFocused();
    await button.click();
    await expect(page).toHaveURL(new RegExp(`/admin/groups/${group!.id}$`));
    expect(sent()).toBe(0);

    scripts.release();
    await expectSentOnce(page, sent);
    await expect.poll(async () => (await service.from("group_members").select("user_id").eq("group_id", group!.id)).data).toEqual([{ user_id: student.id }]);
    await expect(emails).toHaveValue("");
  } finally {
    await service.from("groups").delete().eq("id", group!.id);
    await deleteUser(student.id);
  }
});

test("the studio: a lesson title typed before the script is kept and saved once on Enter; a textarea with saved text is read-only until then", async ({ page }) => {
  const video = "https://www.youtube.com/embed/aaaaaaaaaaa";
  const tool = await createTool({ lessons: [{ title: "Урок до правки", order_index: 1, video_url: video }] });
  const lessonId = tool.lessonId("Урок до правки");
  const added = ` ${unique("edited")}`;
  try {
    await useSession(page, "admin");
    const sent = countActions(page, added);
    const scripts = await holdScripts(page);
    await page.goto(`/admin/content/lessons/${lessonId}`, { waitUntil: "commit" });
    const title = page.getByLabel("Название урока");
    const videoField = page.getByLabel("Видео");
    await expect(title).toHaveValue("Урок до правки");
    await expectNotHydrated(scripts, page.getByRole("button", { name: "Сохранить урок" }));

    // The saved link: read-only before the script, so a key there is refused rather than shown and then undone.
    await expect(videoField).toHaveValue(video);
    await expect(videoField).toHaveAttribute("readonly", "");
    await videoField.click();
    await page.keyboard.type("xyz");
    await expect(videoField).toHaveValue(video);

    await title.click();
    await page.keyboard.press("End");
    await page.keyboard.type(added);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/admin/content/lessons/${lessonId}$`));
    expect(sent()).toBe(0);

    scripts.release();
    await expect(toast(page, "Сохранено")).toBeVisible();
    await expectSentOnce(page, sent);
    await expect(title).toHaveValue(`Урок до правки${added}`);
    await expect(videoField).not.toHaveAttribute("readonly");
    const { data } = await service.from("lessons").select("title, video_url").eq("id", lessonId).single();
    expect(data).toEqual({ title: `Урок до правки${added}`, video_url: video });
  } finally {
    await tool.remove();
  }
});

test("the landing: a mode switch pressed before the script is the browser's post and keeps the e-mail typed, never the password", async ({ page }) => {
  const email = `${unique("rannii-vhod")}@example.com`;
  const password = `pw-${unique("do-skripta")}`;
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && (request.postData() ?? "").includes("switchTo")) posts.push(request.headers()["next-action"] ? "React" : "browser");
  });
  const scripts = await holdScripts(page);
  await page.goto("/", { waitUntil: "commit" });
  const emailField = page.getByLabel("E-mail");
  const heading = (name: string) => page.getByRole("heading", { name, exact: true });
  await expectNotHydrated(scripts, page.getByRole("button", { name: "Забыли пароль?" }));

  await emailField.fill(email);
  await page.getByLabel("Пароль").fill(password);
  await page.getByRole("button", { name: "Забыли пароль?" }).click();
  await expect(heading("Восстановление пароля")).toBeVisible();
  await expect(emailField).toHaveValue(email);
  expect(await page.content()).not.toContain(password);

  // Back to sign-in starts afresh, as it does in place.
  await page.getByRole("button", { name: "Назад ко входу" }).click();
  await expect(heading("Вход")).toBeVisible();
  await expect(emailField).toHaveValue("");

  await emailField.fill(email);
  await page.getByLabel("Пароль").fill(password);
  await page.getByRole("button", { name: "Зарегистрироваться" }).click();
  await expect(heading("Регистрация")).toBeVisible();
  await expect(emailField).toHaveValue(email);
  await expect(page.getByLabel("Имя")).toHaveValue("");
  await expect(page.getByLabel("Пароль")).toHaveValue("");
  expect(await page.content()).not.toContain(password);

  await page.getByLabel("Имя").fill("Анна Ранняя");
  await page.getByRole("button", { name: "Войти", exact: true }).click();
  await expect(heading("Вход")).toBeVisible();
  await expect(emailField).toHaveValue(email);
  expect(posts).toEqual(["browser", "browser", "browser", "browser"]);
  await expectNotHydrated(scripts, emailField);

  // Once React has the form, a switch is made in place, with nothing sent and the e-mail kept.
  scripts.release();
  const signUp = page.getByRole("button", { name: "Зарегистрироваться" });
  await expect.poll(() => hydrated(signUp)).toBe(true);
  await signUp.click();
  await expect(heading("Регистрация")).toBeVisible();
  await expect(page.getByLabel("Имя")).toBeFocused();
  await expect(emailField).toHaveValue(email);
  expect(posts).toHaveLength(4);
});
