import { type FormField, formFieldsSchema, newFormField } from '@mutirao/core';

/**
 * The field editor's state (spec 02 §4 "Field editor"): the fields being edited, the fields as saved, and which one
 * is open. Fields keep their uid through every change, so stored entries keep their values when a field is renamed
 * or moved.
 */
export interface FieldEditorState {
  fields: FormField[];
  saved: FormField[];
  /** The uid of the field whose form is open. */
  open?: string;
}

export type FieldEditorAction =
  | { type: 'add'; field?: FormField }
  | { type: 'update'; uid: string; patch: Partial<Omit<FormField, 'uid'>> }
  | { type: 'move'; uid: string; direction: -1 | 1 }
  | { type: 'remove'; uid: string }
  | { type: 'open'; uid?: string }
  /** After a save (the server's fields) or a cancel (the saved ones). */
  | { type: 'reset'; fields: FormField[] };

export function initialFieldEditor(fields: FormField[]): FieldEditorState {
  return { fields, saved: fields };
}

/** Whether a field can move that way: not the first up, not the last down. */
export function canMove(fields: FormField[], uid: string, direction: -1 | 1): boolean {
  const index = fields.findIndex((f) => f.uid === uid);
  const target = index + direction;
  return index >= 0 && target >= 0 && target < fields.length;
}

export function fieldEditorReducer(state: FieldEditorState, action: FieldEditorAction): FieldEditorState {
  switch (action.type) {
    case 'add': {
      // A new field is a text field with a generated uid, not required (spec 02 §3); its form opens.
      const field = action.field ?? newFormField();
      return { ...state, fields: [...state.fields, field], open: field.uid };
    }
    case 'update':
      return {
        ...state,
        fields: state.fields.map((f) => (f.uid === action.uid ? { ...f, ...action.patch } : f)),
      };
    case 'move': {
      if (!canMove(state.fields, action.uid, action.direction)) return state;
      const fields = [...state.fields];
      const index = fields.findIndex((f) => f.uid === action.uid);
      const [field] = fields.splice(index, 1);
      if (field) fields.splice(index + action.direction, 0, field);
      return { ...state, fields };
    }
    case 'remove':
      return {
        ...state,
        fields: state.fields.filter((f) => f.uid !== action.uid),
        open: state.open === action.uid ? undefined : state.open,
      };
    case 'open':
      return { ...state, open: action.uid };
    case 'reset':
      return { fields: action.fields, saved: action.fields, open: undefined };
  }
}

export const isDirty = (state: FieldEditorState) => JSON.stringify(state.fields) !== JSON.stringify(state.saved);

/** The input of a field's form that a problem is about: its name, or its placeholder (a list's options). */
export type FieldInput = 'label' | 'placeholder';

/** One field's problem: the input it is about and its (encoded) message. */
export interface FieldProblem {
  input: FieldInput;
  message: string;
}

/**
 * What is wrong with the fields before saving, by uid (encoded messages, the server's own rules): a field needs a
 * name, a dropdown needs options, each on the input it is about. An empty map means they can be saved.
 */
export function fieldProblems(fields: FormField[]): Map<string, FieldProblem> {
  const problems = new Map<string, FieldProblem>();
  const result = formFieldsSchema.safeParse(fields);
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const [index, key] = issue.path;
    const field = typeof index === 'number' ? fields[index] : undefined;
    const input: FieldInput = key === 'placeholder' ? 'placeholder' : 'label';
    if (field && !problems.has(field.uid)) problems.set(field.uid, { input, message: issue.message });
  }
  // zod runs the list's own rules only once every field parsed: a dropdown without options beside a field without
  // a name is found here.
  for (const field of fields) {
    if (field.kind === 'dropdown' && !field.placeholder.split(',').some((o) => o.trim()) && !problems.has(field.uid))
      problems.set(field.uid, { input: 'placeholder', message: 'formWidget.dropdownOptionsRequired' });
  }
  if (!problems.size)
    problems.set('', { input: 'label', message: result.error.issues[0]?.message ?? 'formWidget.fieldsInvalid' });
  return problems;
}
