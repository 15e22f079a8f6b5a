/** The raw material of the demo marketplace: real ZIPs per metro area, names, titles and bio pieces. */

export type DemoMetro = {
  name: string;
  zips: string[];
  /** Where the metro's demo sessions take place. */
  fields: { name: string; address: string }[];
};

export const DEMO_METROS: DemoMetro[] = [
  {
    name: "New York",
    zips: ["10001", "10023", "11201", "10583"],
    fields: [
      { name: "Randall's Island Field 40", address: "Randall's Island Park, New York, NY 10035" },
      { name: "Pier 40 Turf", address: "353 West St, New York, NY 10014" },
    ],
  },
  {
    name: "Boston",
    zips: ["02116", "02139", "02445", "01890"],
    fields: [
      { name: "Harvard Stadium Practice Field", address: "95 N Harvard St, Boston, MA 02163" },
      { name: "Danehy Park", address: "99 Sherman St, Cambridge, MA 02138" },
    ],
  },
  {
    name: "Baltimore",
    zips: ["21201", "21210", "21093", "21044"],
    fields: [
      { name: "Homewood Field", address: "3400 N Charles St, Baltimore, MD 21218" },
      { name: "Centennial Park Turf", address: "10000 Route 108, Ellicott City, MD 21042" },
    ],
  },
  {
    name: "Philadelphia",
    zips: ["19103", "19010", "19087", "08003"],
    fields: [
      { name: "Franklin Field Annex", address: "235 S 33rd St, Philadelphia, PA 19104" },
      { name: "Radnor Memorial Park", address: "400 Conestoga Rd, Wayne, PA 19087" },
    ],
  },
  {
    name: "Denver",
    zips: ["80202", "80206", "80111", "80302"],
    fields: [
      { name: "Infinity Park Turf", address: "4400 E Kentucky Ave, Glendale, CO 80246" },
      { name: "Stazio Fields", address: "2445 Stazio Dr, Boulder, CO 80301" },
    ],
  },
  {
    name: "Los Angeles",
    zips: ["90210", "90272", "90266", "91101"],
    fields: [
      { name: "Drake Stadium Practice Field", address: "Westwood Plaza, Los Angeles, CA 90095" },
      { name: "Brookside Park", address: "360 N Arroyo Blvd, Pasadena, CA 91103" },
    ],
  },
  {
    name: "Chicago",
    zips: ["60601", "60614", "60091", "60521"],
    fields: [
      { name: "Lincoln Park South Fields", address: "2045 N Lincoln Park W, Chicago, IL 60614" },
      { name: "Gillson Park", address: "1 Lake Ave, Wilmette, IL 60091" },
    ],
  },
  {
    name: "Atlanta",
    zips: ["30303", "30305", "30004", "30062"],
    fields: [
      { name: "Piedmont Park Active Oval", address: "400 Park Dr NE, Atlanta, GA 30306" },
      { name: "Wills Park", address: "11925 Wills Rd, Alpharetta, GA 30009" },
    ],
  },
  {
    name: "Dallas",
    zips: ["75201", "75205", "75093", "76092"],
    fields: [
      { name: "Glencoe Park", address: "5300 Martel Ave, Dallas, TX 75206" },
      { name: "Russell Creek Park", address: "3500 McDermott Rd, Plano, TX 75025" },
    ],
  },
  {
    name: "Seattle",
    zips: ["98101", "98004", "98033", "98115"],
    fields: [
      { name: "Magnuson Park Fields", address: "7400 Sand Point Way NE, Seattle, WA 98115" },
      { name: "Robinswood Park", address: "2430 148th Ave SE, Bellevue, WA 98007" },
    ],
  },
];

export const FIRST_NAMES = [
  "Jake",
  "Emily",
  "Connor",
  "Megan",
  "Tyler",
  "Kaitlyn",
  "Ryan",
  "Brooke",
  "Matt",
  "Lauren",
  "Kevin",
  "Shannon",
  "Drew",
  "Allison",
  "Sean",
  "Hannah",
  "Brendan",
  "Molly",
  "Chris",
  "Erin",
  "Nick",
  "Taylor",
  "Patrick",
  "Julia",
  "Mike",
  "Caroline",
  "Kyle",
  "Riley",
  "Zach",
  "Madison",
  "Luke",
  "Abby",
  "Evan",
  "Grace",
  "Owen",
  "Sarah",
  "Colin",
  "Natalie",
  "Trevor",
  "Jenna",
  "Marcus",
  "Devon",
];

export const LAST_NAMES = [
  "Sullivan",
  "Murphy",
  "Kowalski",
  "Bennett",
  "Callahan",
  "Reyes",
  "Thompson",
  "Gallagher",
  "Whitman",
  "Donovan",
  "Harper",
  "Brennan",
  "Castillo",
  "McAllister",
  "Fitzgerald",
  "Nguyen",
  "Carver",
  "O'Neill",
  "Delaney",
  "Park",
  "Russo",
  "Hollister",
  "Brooks",
  "Sanders",
  "Keane",
  "Moreau",
  "Walsh",
  "Ellison",
  "Grant",
  "Lindqvist",
  "Okafor",
  "Barrett",
  "Quinn",
  "Hayes",
  "Mercer",
  "Tran",
  "Coleman",
  "Baker",
  "Foley",
  "Archer",
];

export type DemoPosition = "Attack" | "Midfield" | "Defense" | "Goalie" | "Faceoff";

export const PRIMARY_SPECIALTIES: Record<DemoPosition, string[]> = {
  Attack: ["Dodging", "Shooting", "Feeding", "Off-ball movement"],
  Midfield: ["Transition", "Shooting", "Ground balls", "Conditioning"],
  Defense: ["Footwork", "Checking", "Slides and recovery", "Ground balls"],
  Goalie: ["Shot stopping", "Clearing", "Communication"],
  Faceoff: ["Clamp technique", "Wing play", "Ground balls"],
};

export const TITLES: Record<DemoPosition, string[]> = {
  Attack: ["Former D1 Attackman", "Attack Specialist", "Shooting and Dodging Coach", "All-American Attacker"],
  Midfield: ["Former D1 Midfielder", "Two-Way Midfield Coach", "Midfield and Transition Coach", "Pro Midfielder"],
  Defense: ["Former D1 Defenseman", "Defensive Specialist", "Close Defense Coach", "LSM and Defense Coach"],
  Goalie: ["Goalie Specialist", "Former College Goalie", "Goalkeeping Coach"],
  Faceoff: ["Faceoff Specialist", "FOGO Coach", "Faceoff and Wing Play Coach"],
};

export const BACKGROUNDS = [
  "played four years of Division I lacrosse",
  "was a two-time All-Conference selection in college",
  "played professionally in the PLL for three seasons",
  "captained a Division III national semifinalist",
  "has coached club lacrosse for over a decade",
  "was a high school All-American before playing in college",
  "has run a varsity program for eight seasons",
  "played at the Division II level and has coached ever since",
];

export const APPROACHES = [
  "Sessions are built around game-speed reps and clear, simple feedback.",
  "Every session starts with a quick skills check so the work matches where the player is today.",
  "I break film down with players so they understand the why behind every rep.",
  "Expect a high-energy session with lots of touches on the ball.",
  "I focus on fundamentals first, then layer in decision-making under pressure.",
  "Parents get a short written summary after each session with drills to practice at home.",
];

export const AUDIENCES = [
  "I work with players from youth through high school and love helping beginners find their confidence.",
  "Most of my players are high schoolers preparing for recruiting season.",
  "I coach all ages, from first-year players to college-bound athletes.",
  "I enjoy working with middle schoolers building the habits that carry them to varsity.",
];

export const AVATAR_COLORS = ["#0e6139", "#1e3a8a", "#7c2d12", "#4c1d95", "#155e75", "#9f1239", "#3f6212", "#854d0e", "#334155", "#0f766e"];
