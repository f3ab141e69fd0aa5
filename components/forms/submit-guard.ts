/** Marks a form being sent before React had it. */
export const SENDING_ATTRIBUTE = "data-sending";

/**
 * The page's first script, inline at the top of <body>, so it works before any other arrives: a
 * form submitted before React has it (the browser's own post to a server action, or a submit
 * React's inline runtime holds for a form with a function action) shows its button pressed and
 * busy at once, and a second press does not send it again. Once React handles a form's submits
 * (it cancels the browser's), this script leaves them alone; `SubmitButton` lets a held form go
 * as it hydrates. Coming back to the page from the history forgets what was under way.
 */
export const SUBMIT_GUARD_SCRIPT = `(function(){
var S="${SENDING_ATTRIBUTE}";
addEventListener("submit",function(e){if(e.target.hasAttribute&&e.target.hasAttribute(S)){e.preventDefault();e.stopImmediatePropagation()}},true);
addEventListener("submit",function(e){var f=e.target,b=e.submitter;if(e.defaultPrevented||!f.setAttribute)return;f.setAttribute(S,"");if(b){b.setAttribute("aria-busy","true");b.setAttribute("aria-disabled","true")}});
addEventListener("pageshow",function(e){if(!e.persisted)return;document.querySelectorAll("["+S+"]").forEach(function(f){f.removeAttribute(S)});document.querySelectorAll("[aria-busy=true]").forEach(function(b){b.removeAttribute("aria-busy");b.removeAttribute("aria-disabled")})});
})()`;

