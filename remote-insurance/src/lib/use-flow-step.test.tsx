/** @jest-environment jest-fixed-jsdom */
import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate } from '@portal/shared/router';

import { useFlowStep } from './use-flow-step';

const STEPS = ['one', 'two', 'three'] as const;
type Step = (typeof STEPS)[number];

let goBack: (delta: number) => void = () => undefined;

function Wizard({ initial = 'one' }: { initial?: Step }) {
  const [draftStep, setDraftStep] = useState<Step>(initial);
  const [step, goTo] = useFlowStep(STEPS, draftStep, setDraftStep);
  const location = useLocation();
  const navigate = useNavigate();
  goBack = (delta) => void navigate(delta);
  const next = STEPS[STEPS.indexOf(step) + 1];
  return (
    <>
      <p>Step {step}</p>
      <p>URL {location.search || '(none)'}</p>
      {next ? <button onClick={() => goTo(next)}>Next</button> : null}
    </>
  );
}

function renderAt(url: string, initial?: Step) {
  return render(
    <MemoryRouter initialEntries={['/insurances', url]} initialIndex={1}>
      <Wizard initial={initial} />
    </MemoryRouter>,
  );
}

describe('useFlowStep', () => {
  it('should put each step in the URL, so that Back and Forward move between the steps', async () => {
    const user = userEvent.setup();
    renderAt('/insurances/P/renew');
    expect(screen.getByText('URL (none)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Step two')).toBeInTheDocument();
    expect(screen.getByText('URL ?step=two')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('URL ?step=three')).toBeInTheDocument();

    act(() => goBack(-1));
    expect(screen.getByText('Step two')).toBeInTheDocument();
    act(() => goBack(-1));
    // The entry the flow started on got its step: Back comes to it rather than leaving the flow.
    expect(screen.getByText('Step one')).toBeInTheDocument();
    expect(screen.getByText('URL ?step=one')).toBeInTheDocument();
    act(() => goBack(1));
    expect(screen.getByText('Step two')).toBeInTheDocument();
  });

  it('should show the step the URL names, as after a reload', () => {
    renderAt('/insurances/P/renew?step=three');
    expect(screen.getByText('Step three')).toBeInTheDocument();
  });

  it("should resume the draft's step on a URL that names none, and ignore a step the flow does not have", () => {
    renderAt('/insurances/P/renew?step=done', 'two');
    expect(screen.getByText('Step two')).toBeInTheDocument();
  });
});
