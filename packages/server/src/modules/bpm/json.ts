/* JSON columns of the workflow tables: id lists and lists of JSON texts. */

/** The numbers of a JSON array column; anything else reads as empty. */
export const parseIdList = (json: string): number[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is number => Number.isSafeInteger(v)) : [];
  } catch {
    return [];
  }
};

/** The strings of a JSON array column; anything else reads as empty. */
export const parseStringList = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};
