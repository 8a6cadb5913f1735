// Northwind Bank's staff groups and rooms, so the back office's /groups and /rooms pages show a
// working bank: groups name their members by email, rooms their location by external id.
import type { DemoGroup, DemoRoom } from "./demo-vendor.ts";

export const northwindGroups: readonly DemoGroup[] = [
  {
    name: "Mortgage advisers",
    description: "Take mortgage appointments and callbacks for every branch.",
    members: [
      "amelia.chen@northwind.example",
      "sofia.ramirez@northwind.example",
      "katarzyna.nowak@northwind.example",
    ],
  },
  {
    name: "Branch leads",
    description: "Team leads and managers, for reports across branches.",
    members: ["staff.advanced@northwind.example", "manager@northwind.example"],
  },
  {
    name: "French-speaking team",
    description: null,
    members: ["emilie.gagnon@northwind.example", "louis.bouchard@northwind.example"],
  },
];

export const northwindRooms: readonly DemoRoom[] = [
  { location: "NW-TOR-001", name: "Meeting room 1", capacity: 4, notes: "Screen for video calls" },
  { location: "NW-TOR-001", name: "Seminar room", capacity: 24, notes: null },
  { location: "NW-NYC-003", name: "Private office", capacity: 3, notes: null },
  { location: "NW-WAW-005", name: "Sala konsultacyjna", capacity: 4, notes: null },
  {
    location: "NW-MTL-006",
    name: "Salle de réunion",
    capacity: 8,
    notes: "Accès en fauteuil roulant",
  },
];
