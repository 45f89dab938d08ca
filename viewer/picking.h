// SPDX-License-Identifier: MIT
// Mouse picking: a ray against the world's shapes, and the spring that drags the picked body.
#pragma once

#include "math3d.h"

struct PickHit
{
	ttBodyId body;
	Vec3f point;
	float distance;
};

/// The nearest dynamic body hit by the ray (direction unit length); false if none.
bool PickBody( ttWorldId worldId, Vec3f origin, Vec3f direction, PickHit* hit );

/// The mouse spring is an external force, F = m (k (target - p) - 2 sqrt(k) v), applied with
/// ttBody_ApplyForce at the grabbed point before every step: critically damped, scaled by the
/// body's mass so that light and heavy bodies follow alike, and no joint or helper body is added
/// to the world (so the joint counts and metrics stay those of the scene).
struct MouseSpring
{
	bool active = false;
	ttBodyId body = {};
	ttVec3 localPoint = {};
	Vec3f target = {};
	float viewDepth = 0;   ///< distance of the drag plane from the camera along the view direction
	float stiffness = 150; ///< k, 1/s^2 (natural frequency sqrt(k) rad/s)
	Vec3f force = {};      ///< the last force applied, N (shown in the viewer)

	void Grab( const PickHit& hit, Vec3f eye, Vec3f viewDirection );
	/// Apply the force for the next step; releases itself if the body is gone.
	void Apply();
	Vec3f Anchor() const;
};
