import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName } from '../../../lib/catalogue';
import { usePharmacies } from '../../../lib/pharmacies';
import { displayNameOf } from '../../../lib/session';
import { auditUsersQueryOptions } from '../api/audit';

export interface PharmacyOption {
  id: string;
  /** In the reader's language. */
  name: string;
  /** For file names, which stay ASCII. */
  englishName: string;
}

/**
 * Every pharmacy an auditor may look at, deleted and inactive ones too (their
 * history stays), named in the reader's language.
 */
export function usePharmacyOptions(): { options: PharmacyOption[]; nameOf(id: string | null): string } {
  const { language } = useLanguage();
  const pharmacies = usePharmacies();
  return useMemo(() => {
    const options = (pharmacies.data ?? [])
      .map((pharmacy) => ({
        id: pharmacy.id,
        name: localizedName(pharmacy.name, pharmacy.nameAr, language),
        englishName: pharmacy.name,
      }))
      .sort((a, b) => a.name.localeCompare(b.name, language));
    const byId = new Map(options.map((option) => [option.id, option]));
    return { options, nameOf: (id) => (id ? (byId.get(id)?.name ?? id) : '') };
  }, [pharmacies.data, language]);
}

export interface UserOption {
  id: string;
  name: string;
}

/** The people the log names, for the user filter and for saying who ran a verification. */
export function useUserOptions(): { options: UserOption[]; nameOf(id: string): string | undefined } {
  const users = useQuery(auditUsersQueryOptions());
  return useMemo(() => {
    const byId = new Map<string, UserOption>();
    for (const row of users.data ?? []) {
      if (!byId.has(row.userId)) byId.set(row.userId, { id: row.userId, name: displayNameOf(row) });
    }
    const options = [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
    return { options, nameOf: (id) => byId.get(id)?.name };
  }, [users.data]);
}
