/** The mark the guard leaves on a form being sent before React had it: a property, so hydration sees no attribute of its own. */
export const SENDING_PROPERTY = "__submitGuardSending";

/** The attribute a submit control carries to be shown busy by the guard (it suppresses React's hydration warning for it). */
export const BUSY_BEFORE_SCRIPT_ATTRIBUTE = "data-busy-before-script";

/**
 * The page's first script, inline at the top of <body>, so it works before any other arrives: a
 * POST form submitted before React has it (the browser's own post to a server action, or a submit
 * React's inline runtime holds for a form with a function action) shows its button pressed and
 * busy at once, and a second press does not send it again. A GET form (a filter) is left alone: the
 * browser's newer navigation replaces the older (a form React holds has no method: it is no GET). Once React handles a form's submits (it cancels
 * the browser's), this script leaves them alone; a held form is let go as it hydrates
 * (`releaseHeldSubmit`). Coming back to the page from the history forgets what was under way.
 *
 * It also keeps a file dropped where nothing takes it from opening in the tab, which would leave
 * the page and everything typed in it (a picture dropped on a lesson's text before its script, a
 * file dropped beside a homework's field): a file field takes its drop as the browser does, a drop
 * the page's own script took (it cancelled it) is left to it, and over a text field the drop still
 * comes, for the script that takes a picture there (the lesson's text) once it has arrived.
 */
export const SUBMIT_GUARD_SCRIPT = `(function(){
var S="${SENDING_PROPERTY}",B="${BUSY_BEFORE_SCRIPT_ATTRIBUTE}";
addEventListener("submit",function(e){if(e.target[S]){e.preventDefault();e.stopImmediatePropagation()}},true);
addEventListener("submit",function(e){var f=e.target,b=e.submitter;if(e.defaultPrevented||!f.getAttribute)return;if(String(f.getAttribute("action")).indexOf("javascript:")!==0&&((b&&b.getAttribute("formmethod"))||f.method).toLowerCase()==="get")return;f[S]=1;if(b&&b.hasAttribute(B)){b.setAttribute("aria-busy","true");b.setAttribute("aria-disabled","true")}});
addEventListener("pageshow",function(e){if(!e.persisted)return;document.querySelectorAll("form").forEach(function(f){f[S]=0});document.querySelectorAll("["+B+"][aria-busy=true]").forEach(function(b){b.removeAttribute("aria-busy");b.removeAttribute("aria-disabled")})});
function L(e){var d=e.dataTransfer,t=e.target;return !e.defaultPrevented&&d&&Array.prototype.indexOf.call(d.types,"Files")>=0&&!(t.closest&&t.closest("input[type=file]"))}
addEventListener("dragover",function(e){if(L(e)){e.preventDefault();if(!(e.target.closest&&e.target.closest("textarea")))e.dataTransfer.dropEffect="none"}});
addEventListener("drop",function(e){if(L(e))e.preventDefault()});
})()`;

/**
 * As a form hydrates: a submit React held before hydration (a function action) is React's now, so
 * the guard lets later ones through. A browser's post under way (a server action's form) stays guarded.
 */
export function releaseHeldSubmit(form: HTMLFormElement | null | undefined) {
  if (form?.getAttribute("action")?.startsWith("javascript:")) Reflect.deleteProperty(form, SENDING_PROPERTY);
}
