import type { FormImport } from './import';
import { newFieldId } from './model';
import type { TFormField, TFormSchema, TFormSettings } from './schema';

/**
 * The designer's operations on the field list that keep row containers whole: a container's
 * questions follow it directly (`row` names it), so moves, inserts and imports go through here.
 */

/** A field with the questions of its row container (none for an ordinary question). */
export interface FieldUnit {
  field: TFormField;
  children: TFormField[];
}

/** The fields as units: each row container with its questions, every other field alone. */
export function groupRows(fields: readonly TFormField[]): FieldUnit[] {
  const units: FieldUnit[] = [];
  let open: FieldUnit | null = null;
  for (const f of fields) {
    if (open && f.row === open.field.id) {
      open.children.push(f);
      continue;
    }
    const unit: FieldUnit = { field: f, children: [] };
    units.push(unit);
    open = f.type === 'ROW' ? unit : null;
  }
  return units;
}

/** Clears `row` wherever it no longer holds (the container gone, or the question not next to it). */
export function normalizeRows(fields: readonly TFormField[]): TFormField[] {
  let open: string | null = null;
  return fields.map((f) => {
    if (f.type === 'ROW') {
      open = f.id;
      return f.row === undefined ? f : { ...f, row: undefined };
    }
    if (f.row !== undefined && f.row === open && f.type !== 'PAGINATION') return f;
    open = null;
    return f.row === undefined ? f : { ...f, row: undefined };
  });
}

/** The row a question placed at `index` lands in: right after a container, or between two of its questions. */
function landingRow(fields: readonly TFormField[], index: number, wasIn?: string): string | undefined {
  const prev = fields[index - 1];
  const next = fields[index + 1];
  const prevRow = prev?.type === 'ROW' ? prev.id : prev?.row;
  if (!prevRow) return undefined;
  if (prev?.type === 'ROW' || next?.row === prevRow || wasIn === prevRow) return prevRow;
  return undefined;
}

const canJoin = (f: TFormField) => f.type !== 'ROW' && f.type !== 'PAGINATION';

/**
 * A drag on the canvas: `activeId` goes where `overId` was. A container moves with its questions
 * (and never into another); a question joins the row it lands in, or leaves the one it left.
 */
export function moveField(fields: readonly TFormField[], activeId: string, overId: string): TFormField[] {
  const from = fields.findIndex((f) => f.id === activeId);
  const to = fields.findIndex((f) => f.id === overId);
  if (from < 0 || to < 0 || from === to) return [...fields];
  const active = fields[from] as TFormField;
  if (active.type === 'ROW') {
    const group = fields.filter((f) => f.id === active.id || f.row === active.id);
    if (group.some((f) => f.id === overId)) return [...fields];
    const rest = fields.filter((f) => !group.includes(f));
    const over = fields[to] as TFormField;
    // Land beside the target's whole unit, never inside another row.
    const unitHead = over.row ?? over.id;
    const unit = rest.filter((f) => f.id === unitHead || f.row === unitHead);
    const at = from < to ? rest.indexOf(unit[unit.length - 1] as TFormField) + 1 : rest.indexOf(unit[0] as TFormField);
    return [...rest.slice(0, at), ...group, ...rest.slice(at)];
  }
  const next = [...fields];
  next.splice(from, 1);
  next.splice(to, 0, active);
  next[to] = { ...active, row: canJoin(active) ? landingRow(next, to, active.row) : undefined };
  return normalizeRows(next);
}

/**
 * Adds a field: into a row container (`into`: at the end of its questions), at an index (it joins
 * the row it lands in), or at the end.
 */
export function insertField(
  fields: readonly TFormField[],
  field: TFormField,
  where: { index?: number; into?: string | null } = {},
): TFormField[] {
  if (where.into && canJoin(field)) {
    const last = fields.reduce((at, f, i) => (f.id === where.into || f.row === where.into ? i : at), -1);
    if (last >= 0) return [...fields.slice(0, last + 1), { ...field, row: where.into }, ...fields.slice(last + 1)];
  }
  const at = where.index === undefined || where.index < 0 ? fields.length : where.index;
  const next = [...fields.slice(0, at), field, ...fields.slice(at)];
  if (canJoin(field)) next[at] = { ...field, row: landingRow(next, at) };
  return normalizeRows(next);
}

/** Puts a question into a row container (at the end of its questions) or takes it out (after the row). */
export function setRow(fields: readonly TFormField[], id: string, row: string | undefined): TFormField[] {
  const field = fields.find((f) => f.id === id);
  if (!field || field.row === row) return [...fields];
  const rest = fields.filter((f) => f.id !== id);
  if (row) return insertField(rest, { ...field, row: undefined }, { into: row });
  // Out of its row: right after the row's last question.
  const last = rest.reduce((at, f, i) => (f.id === field.row || f.row === field.row ? i : at), -1);
  return normalizeRows([...rest.slice(0, last + 1), { ...field, row: undefined }, ...rest.slice(last + 1)]);
}

/**
 * An import added to a design: imported ids already on the canvas get new ones (and the show rules
 * and row containers that name them follow); the form options are taken when asked.
 */
export function mergeImport<T extends Pick<TFormSchema, 'fields' | 'logic' | 'settings'>>(
  schema: T,
  imported: Pick<FormImport, 'fields' | 'logic' | 'settings'>,
  options: { settings?: boolean; newId?: () => string } = {},
): T {
  const taken = new Set(schema.fields.map((f) => f.id));
  const renamed = new Map<string, string>();
  for (const f of imported.fields) {
    let id = f.id;
    while (taken.has(id)) id = (options.newId ?? newFieldId)();
    taken.add(id);
    renamed.set(f.id, id);
  }
  const rename = (id: string) => renamed.get(id) ?? id;
  const fields = imported.fields.map((f) => ({ ...f, id: rename(f.id), ...(f.row ? { row: rename(f.row) } : {}) }));
  const logic = imported.logic.map((r) => ({
    ...r,
    showIds: r.showIds.map(rename),
    conditions: r.conditions.map((c) => ({ ...c, formItemId: rename(c.formItemId) })),
  }));
  const settings: TFormSettings = options.settings ? { ...schema.settings, ...imported.settings } : schema.settings;
  return {
    ...schema,
    settings,
    fields: normalizeRows([...schema.fields, ...fields]),
    logic: [...schema.logic, ...logic],
  };
}
