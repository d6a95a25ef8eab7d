import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '@portal/shared/router';

/** The query parameter that names a flow's step: `/insurances/{policyId}/renew?step=summary`. */
export const STEP_PARAM = 'step';

function searchWithStep(search: string, step: string): string {
  const params = new URLSearchParams(search);
  params.set(STEP_PARAM, step);
  return `?${params.toString()}`;
}

/** The step a URL's search names, when it is one of `steps`. */
export function stepInSearch<S extends string>(steps: readonly S[], search: string): S | undefined {
  const named = new URLSearchParams(search).get(STEP_PARAM);
  return steps.find((step) => step === named);
}

/**
 * The step of a multi-step flow, mirrored in the URL (`?step=…`), so that the browser's Back and
 * Forward move between the steps and a reload stays on the step.
 *
 * - The draft's step is what shows; `goTo` changes it at once and then adds a history entry for
 *   it (after the render, not inside the click or submit that asked for it).
 * - Back and Forward change the URL; the draft follows it (`onStep`).
 * - A URL that names no step (the link from My Insurance, an old bookmark) shows the draft's step:
 *   coming back to an unfinished flow resumes where the student left it. Before the first move from
 *   there, that entry gets the step it showed, so that Back returns to it rather than leaving.
 */
export function useFlowStep<S extends string>(
  steps: readonly S[],
  draftStep: S,
  onStep: (step: S) => void,
): [S, (next: S) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const named = stepInSearch(steps, location.search);
  // The step `goTo` moved to, until the URL names it.
  const moving = useRef<{ from: S; to: S } | null>(null);

  useEffect(() => {
    const move = moving.current;
    if (!move || move.to !== draftStep) return;
    moving.current = null;
    if (named === move.to) return;
    const { pathname, search, hash } = location;
    if (named === undefined)
      navigate({ pathname, search: searchWithStep(search, move.from), hash }, { replace: true });
    navigate({ pathname, search: searchWithStep(search, move.to), hash });
  }, [draftStep, named, location, navigate]);

  useEffect(() => {
    // Back or Forward (or a reload on a named step): the draft follows the URL.
    if (moving.current === null && named !== undefined && named !== draftStep) onStep(named);
    // Only a change of the URL's step is a move of the student's; a change of the draft is goTo's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [named]);

  const goTo = useCallback(
    (next: S) => {
      if (next === draftStep) return;
      moving.current = { from: draftStep, to: next };
      onStep(next);
    },
    [draftStep, onStep],
  );

  return [draftStep, goTo];
}
