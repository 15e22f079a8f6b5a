export const demoTestimonials = [
  {
    name: "Jenna Whitaker",
    role: "Parent of a U13 midfielder",
    content:
      "We found a coach twenty minutes from home the same evening. Three sessions in, my daughter's stick skills have taken off and she can't wait for practice.",
    rating: 5,
    order: 1,
  },
  {
    name: "Marcus Delgado",
    role: "High school goalie",
    content: "My coach broke down my footwork on film and fixed my high-to-low saves. I earned the starting spot this spring.",
    rating: 5,
    order: 2,
  },
  {
    name: "Coach Erin Sullivan",
    role: "Defense coach",
    content: "Booking, payment and reminders all run themselves, so I spend my time coaching instead of chasing Venmo requests.",
    rating: 5,
    order: 3,
  },
  {
    name: "David Okafor",
    role: "Parent of twin attackmen",
    content:
      "Group sessions made private-level coaching affordable for both boys. Paying was simple and the coach's notes after each session are gold.",
    rating: 4,
    order: 4,
  },
  {
    name: "Sophie Tran",
    role: "College recruit, faceoff",
    content:
      "I needed someone who actually knew faceoffs. Searched by position, booked two sessions a week, and my win rate went from 45% to 62%.",
    rating: 5,
    order: 5,
  },
  {
    name: "Coach Tyler Brooks",
    role: "Attack coach",
    content: "My calendar fills itself. Players pick a time, pay up front, and I get paid once I send feedback.",
    rating: 5,
    order: 6,
  },
  {
    name: "Karen Mitchell",
    role: "Parent of a U11 beginner",
    content:
      "As a lacrosse newbie parent I didn't know where to start. The coach we found was patient, kind and great with eight-year-olds.",
    rating: 5,
    order: 7,
  },
];
