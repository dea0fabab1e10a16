import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

interface DebouncedTextInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** The committed value (from the URL). */
  value: string;
  /** Called 300 ms after the last keystroke. */
  onCommit: (value: string) => void;
  delay?: number;
}

/** A text filter that answers at once on screen and commits (to the URL, hence the query) debounced. */
export function DebouncedTextInput({ value, onCommit, delay = 300, ...rest }: DebouncedTextInputProps) {
  const [text, setText] = useState(value);
  // The last value this input committed or received: a different one came from outside (back button, reset).
  const [known, setKnown] = useState(value);
  if (value !== known) {
    setKnown(value);
    setText(value);
  }
  const commit = useDebouncedCallback((v: string) => {
    setKnown(v);
    onCommit(v);
  }, delay);

  return (
    <TextInput
      {...rest}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        commit(e.currentTarget.value);
      }}
    />
  );
}
