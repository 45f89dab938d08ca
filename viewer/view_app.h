// SPDX-License-Identifier: MIT
// State of the interactive viewer, shared by its main loop (view_app.cpp) and its ImGui panels
// (panels.cpp).
#pragma once

#include "camera.h"
#include "camera_rig.h"
#include "picking.h"
#include "renderer.h"
#include "scene_source.h"
#include "viewer.h"
#include "world_draw.h"

#include <string>
#include <vector>

struct ViewerApp
{
	ttScene scene = {};
	bool loaded = false;
	std::string scenePath; ///< "" is the built-in showcase
	std::vector<std::string> sceneFiles;
	std::string message; ///< the last load error, shown in the panel
	/// A program's live world (ttViewer_Run): not ours to destroy, reload or replace; its
	/// callback runs before every step.
	bool external = false;
	ttViewerStepFcn* stepFcn = nullptr;
	void* stepContext = nullptr;
	int stepIndex = 0;
	bool stopRequested = false; ///< the callback returned false

	OrbitCamera camera;
	CameraRig rig;
	bool follow = true;  ///< the camera follows the awake bodies (panning or zooming stops it)
	float aspect = 1.6f; ///< of the part of the window right of the panel, for framing
	DebugDrawOptions debug;
	MouseSpring spring;

	bool paused = false;
	bool singleStep = false;
	float timeScale = 1;
	double accumulator = 0;
	double simulatedTime = 0;
	int substeps = 0, iterations = 0;
	bool contactsEnabled = true;
	bool sleepEnabled = true;
	ttContactSolverType contactSolver = ttContactSolver_softStep;
	ttJointSolverType jointSolver = ttJointSolver_xpbd;
	bool longRange[ttLongRange_featureCount] = {};
	int longRangeLevels = 3;

	/// Load a scene (replacing the current one) and frame it; keeps the old one on failure.
	bool Load( const std::string& path, bool reframe );
	/// Read the world's settings into the panel's controls.
	void CaptureSettings();
	/// Apply the live settings to a fresh world.
	void ApplySettings();
	/// Advance by the real time elapsed, scaled, in whole steps of the scene's time step.
	void Advance( double realSeconds );
	void StepOnce();
	/// Frame the scene as the rig says and follow again if it follows.
	void Reframe();
};

/// The side panel: scene picker, run controls, solver settings, debug toggles, stats.
void DrawPanels( ViewerApp& app );
/// Text at world points (joint labels, the spring force) over the 3D view.
void DrawLabels( ViewerApp& app, const std::vector<WorldLabel>& labels, const Mat4f& viewProjection, int width,
                 int height );
