/**
 * The people of the demo organization, Acme Precision Parts: who they are and how they take to training.
 * The three demo sign-ins keep their addresses, passwords and teams; everyone else has no known password.
 */

/** How a member takes to training over the six months (demo-history.ts turns it into watch sessions). */
export type Persona = 'champion' | 'steady' | 'casual' | 'stalled' | 'newcomer' | 'never';

export type DemoPerson = {
  name: string;
  lastName: string;
  team: DemoTeam;
  role: string;
  bio: string;
  persona: Persona;
  email?: string;
  password?: string;
};

export const DEMO_TEAMS = ['Production', 'Maintenance', 'Quality', 'Logistics', 'Management'] as const;
export type DemoTeam = (typeof DEMO_TEAMS)[number];

export const DEMO_ORGANIZATION = 'Acme Precision Parts';

export const DEMO_SUPER_USER = {
  email: 'admin@acme.example',
  password: 'Acme-Supervisor-2026',
  name: 'Alice',
  lastName: 'Martin',
  team: 'Production',
  role: 'Plant Manager',
  bio: 'Runs the plant since 2019; turned the Tuesday toolbox talk into a 10-minute video habit.',
} as const;

export const DEMO_MEMBER = {
  email: 'member@acme.example',
  password: 'Acme-Operator-2026',
  name: 'Bruno',
  lastName: 'Costa',
  team: 'Production',
  role: 'Machine Operator',
  bio: 'CNC operator on the second shift, cell 4. Working towards setup technician.',
} as const;

export const DEMO_QUALITY = {
  email: 'quality@acme.example',
  password: 'Acme-Quality-2026',
  name: 'Chloe',
  lastName: 'Nguyen',
  team: 'Quality',
  role: 'Quality Engineer',
  bio: 'Owns the control plans for the hydraulic fittings line and the supplier PPAP files.',
} as const;

/** "First Last | role | persona | bio", one line a person, grouped by team. */
const ROSTER: Record<DemoTeam, string[]> = {
  Production: [
    'Marcus Johnson | Production Supervisor | champion | Leads the day shift of the machining hall; ex-army mechanic.',
    'Priya Raman | Shift Lead | champion | Night shift lead who runs the 6 a.m. handover meeting.',
    'Diego Hernández | CNC Machinist | steady | Five-axis milling, aerospace brackets; mentors the apprentices.',
    'Aisha Bello | Machine Operator | steady | Runs the Swiss-type lathes; first-aid responder for hall B.',
    'Tomasz Kowalski | Setup Technician | champion | Changeover specialist; cut the press-line setup to 14 minutes.',
    'Mei Lin | Assembly Operator | casual | Assembles valve blocks; learning to program the torque stations.',
    'Kwame Mensah | Machine Operator | stalled | Grinding cell operator, twelve years at Acme.',
    'Sofia Rossi | Assembly Operator | steady | Final assembly and packing of the pump kits.',
    'Jamal Carter | CNC Machinist | casual | Turns shafts on the Okuma lines; plays in the works football team.',
    'Hana Sato | Production Planner | steady | Builds the weekly schedule and the shift boards.',
    'Lucas Ferreira | Apprentice Machinist | newcomer | Second-year apprentice from the technical college.',
    'Olga Petrova | Machine Operator | never | Deburring and washing station, day shift.',
    'Ravi Sharma | Process Technician | steady | Keeps the coolant, tooling and programs of cell 2 in shape.',
    'Emma Schneider | Assembly Operator | stalled | Hydraulic hose crimping and pressure testing.',
    'Samuel Okoye | Machine Operator | casual | Press brake and laser cutting, weekend shift.',
    'Laura Gómez | Welder | stalled | TIG welding of stainless manifolds; certified to ISO 9606.',
    'Daniel Kim | Apprentice Machinist | newcomer | First-year apprentice, likes anything with a spindle.',
    'Nikolai Ivanov | Machine Operator | casual | Horizontal machining centres; fixes the coffee machine too.',
  ],
  Maintenance: [
    'Viktor Novak | Maintenance Manager | champion | Runs planned maintenance and the spare-parts crib.',
    'Fatima Zahra | Maintenance Technician | steady | Electrical and PLC faults on the press lines.',
    'George Adeyemi | Millwright | steady | Alignments, bearings and gearbox rebuilds.',
    'Ingrid Larsen | Reliability Engineer | champion | Vibration analysis and the condition-monitoring routes.',
    'Pedro Alves | Maintenance Technician | casual | Hydraulics and pneumatics; on call every third week.',
    'Yusuf Demir | Electrician | stalled | Panel building and lockout points for the new cells.',
    'Chen Wei | Maintenance Technician | steady | Robot cells and the automatic tool changers.',
    'Nora Fitzgerald | Planner / Scheduler | casual | Plans the shutdown weeks and the preventive work orders.',
    'Ahmed Hassan | Maintenance Apprentice | newcomer | Third-year electrical apprentice.',
    'Brian O’Connor | Facilities Technician | never | Compressors, boilers and the roof that always leaks.',
    'Katarzyna Wójcik | Maintenance Technician | stalled | Lubrication routes and machine guarding checks.',
  ],
  Quality: [
    'Rafael Moreno | Quality Manager | champion | ISO 9001 and IATF audits; chairs the weekly quality review.',
    'Amara Diallo | Quality Inspector | steady | CMM programming and first-article inspection.',
    'Jonas Berg | Quality Technician | casual | Gauges, calibration and the measurement system studies.',
    'Leila Haddad | Supplier Quality Engineer | steady | Supplier audits and incoming inspection plans.',
    'Tyrone Williams | Quality Inspector | stalled | Final inspection of the hydraulic fittings line.',
    'Yuki Tanaka | Quality Inspector | steady | Surface finish and thread checks; SPC charts for cell 3.',
    'Elena Popescu | Lab Technician | newcomer | Material testing and hardness lab, joined this autumn.',
    'Hugo Lefebvre | Quality Inspector | never | Night-shift patrol inspection.',
    'Grace Mwangi | Continuous Improvement Engineer | champion | Runs the kaizen events and the 8D problem-solving.',
    'Arjun Mehta | Metrology Technician | steady | Keeps the gauge room traceable; loves a good Gage R&R.',
  ],
  Logistics: [
    'Carlos Mendoza | Logistics Supervisor | steady | Runs the warehouse, shipping and the milk runs.',
    'Anna Nowak | Warehouse Operator | casual | Goods-in, put-away and cycle counts.',
    'Obinna Eze | Forklift Driver | stalled | Reach trucks and the high-bay racking.',
    'Sara Lindqvist | Material Planner | steady | MRP, kanban loops and supplier call-offs.',
    'Mohammed Al-Sayed | Shipping Clerk | casual | Export paperwork and carrier bookings.',
    'Julia Costa | Warehouse Operator | never | Picking and packing for the spare-parts orders.',
    'Kevin Murphy | Forklift Driver | champion | Tow trains to the assembly lines; forklift instructor.',
    'Thandiwe Ndlovu | Inventory Controller | steady | Stock accuracy and the quarterly inventory.',
    'Pablo Ruiz | Warehouse Operator | newcomer | Joined from a distribution centre last month.',
    'Irina Volkova | Customs Specialist | casual | Tariff codes and the export licences.',
    'Ethan Brooks | Warehouse Operator | never | Part-time, weekend receiving.',
  ],
  Management: [
    'Catherine Dubois | Operations Director | steady | Oversees the two plants and the capital projects.',
    'Rajesh Patel | HSE Manager | champion | Health, safety and environment; runs the safety walks.',
    'Linda Andersson | HR Business Partner | casual | Training budgets, onboarding and the skills matrix.',
    'Michael Chen | Finance Controller | casual | Cost accounting and the monthly plant review.',
    'Oluwaseun Adebayo | Engineering Manager | steady | Leads manufacturing engineering and new product introduction.',
    'Isabel Navarro | Customer Service Manager | stalled | Key accounts in automotive and agriculture.',
    'Thomas Wright | Purchasing Manager | casual | Buys steel, bar stock and the tooling contracts.',
  ],
};

const emailOf = (name: string, lastName: string) =>
  `${name}.${lastName}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z.]+/g, '-')
    .concat('@acme.example');

/** Everyone but the super user: the two demo members first, then the roster team by team. */
export function demoPeople(): DemoPerson[] {
  const roster = DEMO_TEAMS.flatMap((team) =>
    ROSTER[team].map((line): DemoPerson => {
      const [fullName = '', role = '', persona = 'never', bio = ''] = line.split('|').map((part) => part.trim());
      const [name = '', ...rest] = fullName.split(' ');
      const lastName = rest.join(' ');
      return { name, lastName, team, role, bio, persona: persona as Persona, email: emailOf(name, lastName) };
    }),
  );
  return [{ ...DEMO_MEMBER, persona: 'steady' }, { ...DEMO_QUALITY, persona: 'steady' }, ...roster];
}
