// SPDX-License-Identifier: MIT
// Where the camera of `tether view` and `tether render` goes (--camera follow|fixed|EYE,TARGET):
// following the moving bodies, fixed on the start, or at a given eye looking at a given point.
#pragma once

#include "camera.h"

#include "tether/tether.h"

enum CameraMode
{
	Camera_follow = 0, ///< keep every moving body (awake or asleep) in view, gliding after them
	Camera_fixed,      ///< frame the starting pose and stay
	Camera_given,      ///< the eye and target given on the command line
};

struct CameraRig
{
	CameraMode mode = Camera_follow;
	Vec3f eye = { 0, 0, 0 }, givenTarget = { 0, 0, 0 };
	float startDistance = 1;

	/// Parse --camera's value: "follow", "fixed" or six numbers EX,EY,EZ,TX,TY,TZ (the eye apart
	/// from the target and not straight above or below it). False for anything else.
	bool Parse( const char* text );
	/// Place the camera for the first frame of a world.
	void Start( OrbitCamera* camera, ttWorldId worldId, float aspect );
	/// Move a following camera after seconds of simulated (or real) time; others stay.
	void Update( OrbitCamera* camera, ttWorldId worldId, float aspect, float seconds ) const;
};

/// The camera's help text for the commands' usage.
extern const char* kCameraUsage;
