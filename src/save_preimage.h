// SPDX-License-Identifier: MIT
// Numbers for a scene file that the loader turns back into the same bits (world_save.c).
//
// The file holds the user's frame of a body, and the loader converts it to the solver's
// (principal) frame, which rounds. A saver that writes the plain conversion of the state back to
// the user's frame loses an ulp here and there on every round trip, so instead it searches the
// neighbourhood of that conversion for the numbers whose load gives the state back exactly.
#pragma once

#include "tether/math_functions.h"

/// A rotation r that the loader (which normalises what it reads, and the library again) turns
/// into `q` after composing with the principal rotation P: normalize(normalize(r)) P = q. Found
/// within two ulp per component of q conj(P); when none is, that conversion itself.
ttQuat ttSavePreimage_Rotation( ttQuat q, ttQuat principalRotation );

/// The user rotation the loader ends with for a rotation r read from a file.
ttQuat ttSavePreimage_LoadedRotation( ttQuat r );

/// A body origin p with p + rotate(loadedRotation, localCenter) = center, per component within
/// eight ulp of the plain difference; where none is found, that difference.
ttVec3 ttSavePreimage_Origin( ttVec3 center, ttQuat loadedRotation, ttVec3 localCenter );

/// An origin velocity u with u + w x (center - origin) = v (the loader's conversion to the
/// velocity of the centre of mass), per component as for the origin.
ttVec3 ttSavePreimage_OriginVelocity( ttVec3 v, ttVec3 w, ttVec3 center, ttVec3 origin );

/// Whether the loader turns (rotation, origin, originVelocity) into exactly (q, center, v) of a
/// body with angular velocity w and the given principal frame. Where it does not, the saver writes
/// the solver's frame beside them ("solverFrame").
bool ttSavePreimage_Reproduces( ttQuat q, ttVec3 center, ttVec3 v, ttVec3 w, ttQuat principalRotation,
                                ttVec3 localCenter, ttQuat rotation, ttVec3 origin, ttVec3 originVelocity );

/// A value whose reciprocal, as the library takes it (1 / value), is `inverse` exactly (a
/// particle's mass from its inverse mass); 0 for 0. Within eight ulp of 1 / inverse, which does
/// not always invert back; where none is found, that.
ttReal ttSavePreimage_Reciprocal( ttReal inverse );
