-- Since …1000 each analytics panel asks only the hidden pairs its own rows need: nothing calls the
-- whole school's list any more.

drop function public.analytics_hidden_lessons(uuid[]);
