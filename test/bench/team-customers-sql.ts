// A team copy of many customers made by SQL as the administrator (the bench's only shortcut: paging them from
// an API would take the rate limit's ~17 minutes a million): records shaped as the API sends them, names,
// emails, phones and identity numbers varied as a bank's are, each insert stamped with its change number by
// the table's trigger as the syncer's are.
import type { TestPostgres } from '../support/postgres';

const FIRST = `ARRAY['Adaeze','Bola','Chinedu','Damilola','Emeka','Funke','Gbenga','Halima','Ifeoma','Jide','Kemi','Lanre',
  'Musa','Ngozi','Obinna','Pelumi','Rukayat','Segun','Tobi','Uche','Victoria','Wale','Yetunde','Zainab','Amina','Babajide',
  'Chioma','Dayo','Ebere','Folake','Ganiyu','Hauwa','Ikenna','Jumoke','Kelechi','Ladi','Mojisola','Nnamdi','Olu','Patience']`;
const LAST = `ARRAY['Okafor','Adeyemi','Balogun','Eze','Ogunleye','Musa','Nwosu','Bello','Abubakar','Okonkwo','Adebayo',
  'Ibrahim','Chukwu','Olawale','Danjuma','Ekwueme','Fashola','Garba','Ihejirika','Jimoh','Kalu','Lawal','Mohammed',
  'Nwachukwu','Obi','Okeke','Onyeka','Sanni','Tijani','Umeh','Yusuf','Zubairu']`;

const CHUNK = 100_000;

export async function generateTeamCustomers(db: TestPostgres, count: number): Promise<void> {
  const admin = await db.admin();
  try {
    for (let from = 1; from <= count; from += CHUNK) {
      const to = Math.min(count, from + CHUNK - 1);
      await admin.query(
        `INSERT INTO card_desk.customers (id, record)
         SELECT id, jsonb_build_object(
                  '_id', id, 'type', 'individual', 'status', 'active', 'name', f || ' ' || l,
                  'emailAddress', lower(f || '.' || l || i || '@example.ng'),
                  'phoneNumber', '+2348' || lpad(((30000000 + i * 7919) % 1000000000)::text, 9, '0'),
                  'isApproved', i % 4 <> 1,
                  'createdAt', to_char(timestamp '2023-06-01' + i * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                  'updatedAt', to_char(timestamp '2023-06-01' + i * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                  'individual', jsonb_build_object('firstName', f, 'lastName', l,
                    'identity', jsonb_build_object('type', 'BVN', 'number', (22100000000 + i)::text)))
           FROM generate_series($1::int, $2::int) AS i,
                LATERAL (SELECT 'c0ffee' || lpad(to_hex(i), 18, '0') AS id,
                                (${FIRST})[1 + i % 40] AS f, (${LAST})[1 + (i * 7) % 32] AS l) AS n`,
        [from, to],
      );
    }
    await admin.query('ANALYZE card_desk.customers');
  } finally {
    await admin.end();
  }
}
