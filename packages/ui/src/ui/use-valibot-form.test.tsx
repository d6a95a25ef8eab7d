/** @jest-environment jest-fixed-jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';

import { initI18n } from '@portal/shared';
import { Button } from './button';
import { TextField } from './text-field';
import { useValibotForm } from './use-valibot-form';

const schema = v.object({
  email: v.pipe(v.string(), v.nonEmpty('validation.required'), v.email('validation.email')),
  city: v.pipe(v.string(), v.nonEmpty('validation.required'), v.maxLength(5, 'validation.maxLength')),
  agree: v.pipe(v.boolean(), v.value(true, 'validation.acceptance.required')),
});

type ExampleFormProps = {
  onValid: (output: v.InferOutput<typeof schema>) => void;
  serverErrors?: { field: string; code: string }[];
};

function ExampleForm({ onValid, serverErrors }: ExampleFormProps) {
  const form = useValibotForm(schema, { email: '', city: '', agree: false });
  const { error: agreeError, ...agree } = form.checkbox('agree');
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <TextField label="E-mail" {...form.field('email')} />
      <TextField label="City" {...form.field('city')} />
      <label>
        <input type="checkbox" {...agree} /> I agree
      </label>
      {agreeError ? <p id={`${agree.id}-error`}>{agreeError}</p> : null}
      <Button type="submit">Send</Button>
      {serverErrors ? <Button onClick={() => form.setServerErrors(serverErrors)}>Server</Button> : null}
    </form>
  );
}

describe('useValibotForm', () => {
  beforeAll(() => initI18n({ lng: 'en-GB' }));

  it('should show no error before a field is left', async () => {
    const user = userEvent.setup();
    render(<ExampleForm onValid={jest.fn()} />);
    await user.type(screen.getByLabelText('E-mail'), 'not-an-email');
    expect(screen.getByLabelText('E-mail')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Enter a valid e-mail address.')).not.toBeInTheDocument();
  });

  it('should show the translated error after blur and tie it to the field', async () => {
    const user = userEvent.setup();
    render(<ExampleForm onValid={jest.fn()} />);
    const email = screen.getByLabelText('E-mail');
    await user.type(email, 'not-an-email');
    await user.tab();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address.');
    // Other fields stay quiet until they are left.
    expect(screen.getByLabelText('City')).not.toHaveAttribute('aria-invalid');
  });

  it('should translate issue parameters', async () => {
    const user = userEvent.setup();
    render(<ExampleForm onValid={jest.fn()} />);
    await user.type(screen.getByLabelText('City'), 'Amsterdam');
    await user.tab();
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription('Enter at most 5 characters.');
  });

  it('should show every error and focus the first invalid field on submit', async () => {
    const user = userEvent.setup();
    const onValid = jest.fn();
    render(<ExampleForm onValid={onValid} />);
    await user.type(screen.getByLabelText('E-mail'), 'anna@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onValid).not.toHaveBeenCalled();
    expect(screen.getByLabelText('City')).toHaveFocus();
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription('This field is required.');
    expect(
      screen.getByText('Please agree that pre-existing conditions are not covered for medical expenses.'),
    ).toBeInTheDocument();
  });

  it('should call onValid with the parsed output when valid', async () => {
    const user = userEvent.setup();
    const onValid = jest.fn();
    render(<ExampleForm onValid={onValid} />);
    await user.type(screen.getByLabelText('E-mail'), 'anna@example.com');
    await user.type(screen.getByLabelText('City'), 'Delft');
    await user.click(screen.getByLabelText('I agree'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onValid).toHaveBeenCalledWith({ email: 'anna@example.com', city: 'Delft', agree: true });
  });

  it('should send once while a send runs, however often the form is submitted', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onValid = jest.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    render(<ExampleForm onValid={onValid} />);
    await user.type(screen.getByLabelText('E-mail'), 'anna@example.com');
    await user.type(screen.getByLabelText('City'), 'Delft');
    await user.click(screen.getByLabelText('I agree'));
    const form = screen.getByRole('button', { name: 'Send' }).closest('form') as HTMLFormElement;
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    await user.type(screen.getByLabelText('City'), '{Enter}');
    expect(onValid).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onValid).toHaveBeenCalledTimes(2);
  });

  it('should show server errors until the field changes', async () => {
    const user = userEvent.setup();
    render(
      <ExampleForm
        onValid={jest.fn()}
        serverErrors={[{ field: 'city', code: 'validation.postcode.invalid' }]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Server' }));
    const city = screen.getByLabelText('City');
    expect(city).toHaveFocus();
    expect(city).toHaveAccessibleDescription('Enter a valid postcode.');
    await user.type(city, 'D');
    expect(city).not.toHaveAttribute('aria-invalid');
  });
});
