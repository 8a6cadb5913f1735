// A role's name in the reader's language, from its level (10 → "Staff").
import { useCallback } from "react";
import { useIntl } from "react-intl";
import { ROLES } from "../../../shared/domain.ts";

const ROLE_NAMES = Object.fromEntries(Object.entries(ROLES).map(([name, level]) => [level, name]));

export function useRoleLabel() {
  const intl = useIntl();
  return useCallback(
    (level: number) => intl.formatMessage({ id: `Office.role_${ROLE_NAMES[level]}` }),
    [intl],
  );
}
