import type { AthleteRow } from "./families.repository";

/**
 * What the family told about an athlete, as stored: the fields both the API's athlete and the
 * guardian's data export show, named once so that a new one reaches both.
 */
export function athleteProfile(row: AthleteRow) {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    birthday: row.birthday,
    position: row.position,
    secondaryPosition: row.secondaryPosition,
    skillLevel: row.skillLevel,
    goals: row.goals,
    school: row.school,
    photoUrl: row.photoUrl,
  };
}
