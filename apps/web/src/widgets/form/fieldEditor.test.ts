import type { FormField } from '@mutirao/core';
import { describe, expect, it } from 'vitest';
import { canMove, fieldEditorReducer, fieldProblems, initialFieldEditor, isDirty } from './fieldEditor';

const field = (uid: string, patch: Partial<FormField> = {}): FormField => ({
  uid,
  kind: 'text',
  label: uid.toUpperCase(),
  placeholder: '',
  required: 'false',
  ...patch,
});

describe('field editor', () => {
  const start = initialFieldEditor([field('a'), field('b'), field('c')]);

  it('adds a text field with a generated uid, not required, and opens it', () => {
    const state = fieldEditorReducer(start, { type: 'add' });
    const added = state.fields[3];
    expect(added).toMatchObject({ kind: 'text', label: '', placeholder: '', required: 'false' });
    expect(added?.uid).toMatch(/^field-/);
    expect(state.open).toBe(added?.uid);
    expect(isDirty(state)).toBe(true);
  });

  it('edits label, placeholder, kind and required, keeping the uid', () => {
    const state = fieldEditorReducer(start, {
      type: 'update',
      uid: 'b',
      patch: { label: 'Bairro', kind: 'dropdown', placeholder: 'Centro, Norte', required: 'true' },
    });
    expect(state.fields[1]).toEqual({
      uid: 'b',
      kind: 'dropdown',
      label: 'Bairro',
      placeholder: 'Centro, Norte',
      required: 'true',
    });
    expect(start.fields[1]?.label).toBe('B');
  });

  it('moves up and down, never past the ends', () => {
    expect(canMove(start.fields, 'a', -1)).toBe(false);
    expect(canMove(start.fields, 'c', 1)).toBe(false);
    expect(canMove(start.fields, 'b', -1)).toBe(true);
    const up = fieldEditorReducer(start, { type: 'move', uid: 'c', direction: -1 });
    expect(up.fields.map((f) => f.uid)).toEqual(['a', 'c', 'b']);
    const down = fieldEditorReducer(up, { type: 'move', uid: 'a', direction: 1 });
    expect(down.fields.map((f) => f.uid)).toEqual(['c', 'a', 'b']);
    expect(fieldEditorReducer(start, { type: 'move', uid: 'a', direction: -1 })).toBe(start);
  });

  it('removes a field and closes its form', () => {
    const opened = fieldEditorReducer(start, { type: 'open', uid: 'b' });
    const state = fieldEditorReducer(opened, { type: 'remove', uid: 'b' });
    expect(state.fields.map((f) => f.uid)).toEqual(['a', 'c']);
    expect(state.open).toBeUndefined();
  });

  it('is clean again after a reset (save or cancel), and when changes are undone', () => {
    const moved = fieldEditorReducer(start, { type: 'move', uid: 'b', direction: 1 });
    expect(isDirty(moved)).toBe(true);
    expect(isDirty(fieldEditorReducer(moved, { type: 'move', uid: 'b', direction: -1 }))).toBe(false);
    const saved = fieldEditorReducer(moved, { type: 'reset', fields: moved.fields });
    expect(isDirty(saved)).toBe(false);
    expect(saved.saved).toBe(moved.fields);
  });

  it('names the fields that cannot be saved: no name, a dropdown without options', () => {
    expect(fieldProblems(start.fields).size).toBe(0);
    const problems = fieldProblems([field('a', { label: ' ' }), field('b', { kind: 'dropdown', placeholder: ' , ' })]);
    expect(problems.get('a')).toEqual({ input: 'label', message: 'formWidget.fieldLabelRequired' });
    expect(problems.get('b')).toEqual({ input: 'placeholder', message: 'formWidget.dropdownOptionsRequired' });
    // Alone, the list's options are found by the schema itself, on the options input.
    expect(fieldProblems([field('b', { kind: 'dropdown', placeholder: '' })]).get('b')).toEqual({
      input: 'placeholder',
      message: 'formWidget.dropdownOptionsRequired',
    });
  });
});
