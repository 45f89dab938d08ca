// SPDX-License-Identifier: MIT
// Islands and sleeping. The world keeps a persistent list of awake bodies; the step simulates only
// those, the joints touching them and the pairs with an awake side. After the step, touching
// contacts and joints between awake dynamic bodies join them into islands (union-find, rebuilt
// every step); an island whose bodies have all rested under the thresholds for the world's time
// to sleep goes to sleep as a whole: velocities zeroed, out of the awake list, its bodies linked
// in a cycle so that waking any one of them wakes all. Static and kinematic bodies join no
// island: a sleeping kinematic body stands still like a static one.
#pragma once

#include "contact.h"

typedef struct ttWorld ttWorld;

/// Register a new body: dynamic and kinematic ones join the awake list or sleep on their own.
/// False when memory runs out.
bool ttIsland_AddBody( ttWorld* world, int bodyIndex, bool awake );
/// Take a body out of the bookkeeping before it is freed; a sleeping one wakes its island first.
void ttIsland_RemoveBody( ttWorld* world, int bodyIndex );

/// Wake the body's island when it sleeps; an awake body's rest timer starts again.
void ttIsland_WakeBody( ttWorld* world, int bodyIndex );
/// Wake the body and what it touches (the last substep's manifolds) or is jointed to.
void ttIsland_WakeNeighbours( ttWorld* world, int bodyIndex );
/// Wake every sleeping body.
void ttIsland_WakeAll( ttWorld* world );
/// Put the body's island, as the last step's contacts and the joints connect it, to sleep now.
/// False when memory runs out (nothing changes then).
bool ttIsland_SleepNow( ttWorld* world, int bodyIndex );

/// Whether a manifold is one of a sleeping island: every non-static body in it asleep. Such
/// manifolds are reported from world->sleepingManifolds, the others from world->manifolds.
bool ttIsland_IsSleepingManifold( ttWorld* world, const ttManifold* manifold );
/// Drop the kept manifolds of islands that woke.
void ttIsland_PurgeSleepingManifolds( ttWorld* world );

/// Start of the step: wake the sleeping bodies that awake ones will touch in this step (jointed
/// to them, or a candidate pair whose shapes are within reach), collect the step's candidate pairs
/// when contacts are on and keep those the step must solve, and list the joints with an awake
/// body in world->awakeJoints (in index order).
void ttIsland_BeginStep( ttWorld* world, ttReal timeStep );
/// End of the step: rest timers, islands, and sleep for the islands that rested long enough.
void ttIsland_EndStep( ttWorld* world, ttReal timeStep );
