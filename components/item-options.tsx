/** A select's options for «Инструмент или модуль»: the tools, then the course modules, each under its track. */
export function ToolAndModuleOptions({ tools, modules }: { tools: { id: string; title: string }[]; modules: { id: string; title: string }[] }) {
  return (
    <>
      {tools.length > 0 && (
        <optgroup label="Инструменты">
          {tools.map((tool) => (
            <option key={tool.id} value={tool.id}>
              {tool.title}
            </option>
          ))}
        </optgroup>
      )}
      {modules.length > 0 && (
        <optgroup label="Модули курса">
          {modules.map((module) => (
            <option key={module.id} value={module.id}>
              {module.title}
            </option>
          ))}
        </optgroup>
      )}
    </>
  );
}
