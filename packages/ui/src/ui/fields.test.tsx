/** @jest-environment jest-fixed-jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { initI18n } from '@portal/shared';
import { Button } from './button';
import { Card } from './card';
import { DateField } from './date-field';
import { Icon } from './icon';
import { PageHeading } from './page-heading';
import { PasswordField } from './password-field';
import { RadioGroup } from './radio-group';
import { SanitizedHtml } from './sanitized-html';
import { SelectField } from './select-field';
import { Spinner } from './spinner';
import { TextAreaField } from './text-area-field';
import { TextField } from './text-field';

describe('ui kit', () => {
  beforeAll(() => initI18n({ lng: 'en-GB' }));

  it('should label a text field and describe it by hint and error', () => {
    render(<TextField id="pc" label="Postcode" hint="1234 AB" error="Enter a valid postcode." />);
    const input = screen.getByLabelText('Postcode');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', 'pc-hint pc-error');
    expect(input).toHaveAccessibleDescription('1234 AB Enter a valid postcode.');
  });

  it('should keep the ids a field is already described by first', () => {
    render(<TextField id="iban" label="IBAN" aria-describedby="iban-note" error="Enter a valid IBAN." />);
    expect(screen.getByLabelText('IBAN')).toHaveAttribute('aria-describedby', 'iban-note iban-error');
  });

  it('should leave a valid field unmarked', () => {
    render(<TextField id="city" label="City" />);
    expect(screen.getByLabelText('City')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('City')).not.toHaveAttribute('aria-describedby');
  });

  it('should label a text area, describe it by hint and error and pass its own props on', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(
      <TextAreaField
        id="question"
        label="Your question"
        hint="At most 1000 characters."
        error="This field is required."
        rows={6}
        onChange={onChange}
      />,
    );
    const textarea = screen.getByRole('textbox', { name: 'Your question' });
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea).toHaveAttribute('rows', '6');
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea).toHaveAttribute('aria-describedby', 'question-hint question-error');
    expect(textarea).toHaveAccessibleDescription('At most 1000 characters. This field is required.');
    await user.type(textarea, 'Hi');
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('should leave a valid text area unmarked', () => {
    render(<TextAreaField id="note" label="Note" />);
    expect(screen.getByLabelText('Note')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Note')).not.toHaveAttribute('aria-describedby');
  });

  it('should show and hide the password', async () => {
    const user = userEvent.setup();
    render(<PasswordField id="pw" label="Password" defaultValue="secret" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('should hint the date format', () => {
    render(<DateField id="birth" label="Birth date" />);
    expect(screen.getByLabelText('Birth date')).toHaveAccessibleDescription('dd/mm/yyyy');
    // A phone's numeric keypad has no separator key; the decimal one has.
    expect(screen.getByLabelText('Birth date')).toHaveAttribute('inputmode', 'decimal');
  });

  it('should put in the slashes as digits are typed and write other separators as dd/mm/yyyy on leaving', async () => {
    const user = userEvent.setup();
    function Birth() {
      const [value, setValue] = useState('');
      return (
        <DateField id="birth" label="Birth date" value={value} onChange={(e) => setValue(e.target.value)} />
      );
    }
    render(<Birth />);
    const input = screen.getByLabelText('Birth date');
    await user.type(input, '1012');
    expect(input).toHaveValue('10/12/');
    await user.type(input, '2026');
    expect(input).toHaveValue('10/12/2026');
    // Deleting goes back over the slash like any other character.
    await user.type(input, '{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(input).toHaveValue('10/12');
    await user.clear(input);
    await user.type(input, '1-2-2026');
    await user.tab();
    expect(input).toHaveValue('01/02/2026');
  });

  it('should say a length limit with a counter instead of cutting what is pasted', async () => {
    const user = userEvent.setup();
    function Reason() {
      const [value, setValue] = useState('');
      return (
        <>
          <TextAreaField
            id="r"
            label="Reason"
            maxLength={10}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
          <TextField
            id="s"
            label="Street"
            maxLength={10}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        </>
      );
    }
    render(<Reason />);
    const reason = screen.getByLabelText('Reason');
    expect(reason).not.toHaveAttribute('maxlength');
    expect(reason).toHaveAccessibleDescription('0 of 10 characters');
    // A one-line field shows it only near the limit.
    expect(screen.getByLabelText('Street')).not.toHaveAccessibleDescription();
    await user.click(reason);
    await user.paste('twelve chars');
    expect(reason).toHaveValue('twelve chars');
    expect(reason).toHaveAccessibleDescription('12 of 10 characters: 2 too many');
    expect(screen.getByLabelText('Street')).toHaveAccessibleDescription('12 of 10 characters: 2 too many');
  });

  it('should render a select with a placeholder and options', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(
      <SelectField
        id="term"
        label="Payment term"
        value=""
        onChange={onChange}
        options={[
          { value: 'MONTHLY', label: 'Monthly' },
          { value: 'YEARLY', label: 'Yearly' },
        ]}
        error="Choose one of the options."
      />,
    );
    const select = screen.getByLabelText('Payment term');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose…',
      'Monthly',
      'Yearly',
    ]);
    expect(select).toHaveAccessibleDescription('Choose one of the options.');
    await user.selectOptions(select, 'YEARLY');
    expect(onChange).toHaveBeenCalled();
  });

  it('should group radios under a legend', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(
      <RadioGroup
        id="customer"
        name="isCustomer"
        legend="Already a customer?"
        value="NO"
        onChange={onChange}
        error="This field is required."
        options={[
          { value: 'YES', label: 'Yes' },
          { value: 'NO', label: 'No' },
        ]}
      />,
    );
    const group = screen.getByRole('group', { name: 'Already a customer?' });
    expect(group).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('No')).toBeChecked();
    await user.click(screen.getByLabelText('Yes'));
    expect(onChange).toHaveBeenCalled();
  });

  it('should show what is happening on a busy button that says so', () => {
    const { rerender } = render(
      <Button type="submit" busyLabel="Sending…">
        Send
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    rerender(
      <Button type="submit" busy busyLabel="Sending…">
        Send
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Sending…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('should make a busy button unclickable and default to type button', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    render(
      <Button busy onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('should sanitise html', async () => {
    render(
      <SanitizedHtml
        html={'<p onclick="alert(1)">Hi <img src="x" onerror="alert(2)"></p><script>alert(3)</script>'}
      />,
    );
    expect(await screen.findByText('Hi')).not.toHaveAttribute('onclick');
    expect(document.querySelector('img')).not.toHaveAttribute('onerror');
    expect(document.querySelector('script')).toBeNull();
  });

  it('should hide a decorative icon and name a meaningful one', () => {
    render(
      <>
        <Icon name="bell" />
        <Icon name="download" title="Download" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Download' })).toBeInTheDocument();
    expect(document.querySelector('.icon--bell')).toHaveAttribute('aria-hidden', 'true');
  });

  it('should render heading, card and spinner', () => {
    render(
      <>
        <PageHeading title="My insurance" description="Your policies" focusOnMount />
        <Card title="Travel" footer={<span>Actions</span>}>
          Body
        </Card>
        <Spinner />
      </>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'My insurance' })).toHaveFocus();
    expect(screen.getByRole('heading', { level: 2, name: 'Travel' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });
});
