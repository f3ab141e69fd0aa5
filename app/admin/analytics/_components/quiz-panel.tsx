import { Badge } from "@/components/ui/badge";
import { percent } from "@/lib/domain/analytics";
import { shorten } from "@/lib/domain/excerpt";
import { seemsConfusing } from "@/lib/domain/quizzes";
import type { QuizAnalytics } from "@/lib/queries/analytics";
import { Panel } from "./panel";

/** The question as the table names it: its text without Markdown's marks, cut short. */
const promptText = (markdown: string) => shorten(markdown.replace(/[*_`#>[\]()!]/g, "").replace(/\s+/g, " ").trim(), 120);

const attemptsText = (value: number | null) => (value === null ? "—" : value.toLocaleString("ru-RU"));

/** «Тесты»: per quiz, who tried and passed and in how many attempts; per question, the share answered right. */
export function QuizPanel({ quizzes }: { quizzes: QuizAnalytics }) {
  return (
    <Panel
      id="quizzes"
      title="Тесты"
      note="Доля верных — из всех ответов на вопрос во всех попытках; «с какой попытки» — в среднем, когда студенты впервые ответили верно. Вопрос, на который верно ответили меньше половины, отмечен: возможно, он непонятен."
    >
      {quizzes.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">В школе пока нет тестов</p>
      ) : (
        quizzes.map((quiz) => (
          <div key={quiz.quiz_id} className="flex flex-col gap-2">
            <h3 className="font-medium">
              {quiz.lesson_title} {!quiz.is_published && <Badge variant="draft">Черновик</Badge>}
            </h3>
            <p className="text-sm text-muted-foreground">
              Проходили: {quiz.students.toLocaleString("ru-RU")}, прошли: {quiz.passed.toLocaleString("ru-RU")}, попыток до прохождения в среднем:{" "}
              {attemptsText(quiz.attempts_to_pass)}
            </p>
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="sr-only">Вопросы теста урока «{quiz.lesson_title}»</caption>
                <thead>
                  <tr className="border-b text-left">
                    <th scope="col" className="py-2 pr-3">
                      Вопрос
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      Ответов
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      Верных
                    </th>
                    <th scope="col" className="py-2 text-right">
                      С какой попытки
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {quiz.questions.map((question, index) => (
                    <tr key={question.id} className="border-b last:border-0">
                      <th scope="row" className="py-2 pr-3 text-left font-normal">
                        {index + 1}. {promptText(question.prompt_md)}{" "}
                        {seemsConfusing(question.right, question.answered) && <Badge variant="outline" className="border-destructive text-destructive">Часто ошибаются</Badge>}
                      </th>
                      <td className="py-2 pr-3 text-right tabular-nums">{question.answered.toLocaleString("ru-RU")}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{percent(question.right, question.answered)}</td>
                      <td className="py-2 text-right tabular-nums">{attemptsText(question.attempts_to_right)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        ))
      )}
    </Panel>
  );
}
