// SPDX-License-Identifier: MIT
#include "view_app.h"

#include <imgui.h>

#include <cstdio>

static void ScenePicker( ViewerApp& app )
{
	const char* current = app.scenePath.empty() ? "showcase (built in)" : app.scenePath.c_str();
	if ( ImGui::BeginCombo( "scene", current ) )
	{
		if ( ImGui::Selectable( "showcase (built in)", app.scenePath.empty() ) )
		{
			app.Load( "", true );
		}
		for ( const std::string& file : app.sceneFiles )
		{
			if ( ImGui::Selectable( file.c_str(), file == app.scenePath ) )
			{
				app.Load( file, true );
			}
		}
		ImGui::EndCombo();
	}
	if ( app.message.empty() == false )
	{
		ImGui::TextWrapped( "%s", app.message.c_str() );
	}
}

static void RunControls( ViewerApp& app )
{
	if ( ImGui::Button( app.paused ? "run (space)" : "pause (space)" ) )
	{
		app.paused = !app.paused;
	}
	ImGui::SameLine();
	if ( ImGui::Button( "step (s)" ) )
	{
		app.singleStep = true;
	}
	ImGui::SameLine();
	if ( ImGui::Button( "reset (r)" ) )
	{
		app.Load( app.scenePath, false );
	}
	ImGui::SameLine();
	if ( ImGui::Button( "frame (f)" ) )
	{
		app.Reframe();
	}
	ImGui::Checkbox( "camera follows the moving bodies", &app.follow );
	ImGui::SliderFloat( "time scale", &app.timeScale, 0.05f, 2.0f, "%.2f" );
	ImGui::Text( "t = %.3f s", app.simulatedTime );
}

static void SolverControls( ViewerApp& app )
{
	bool changed = ImGui::SliderInt( "substeps", &app.substeps, 1, 100 );
	changed = ImGui::SliderInt( "iterations", &app.iterations, 1, 20 ) || changed;
	changed = ImGui::Checkbox( "contacts", &app.contactsEnabled ) || changed;
	changed = ImGui::Checkbox( "sleeping", &app.sleepEnabled ) || changed;
	// The order of ttContactSolverType.
	const char* solvers[] = { "XPBD (position level)", "soft step (velocity level)" };
	int solver = (int)app.contactSolver;
	if ( ImGui::Combo( "contact solver", &solver, solvers, 2 ) )
	{
		app.contactSolver = (ttContactSolverType)solver;
		changed = true;
	}
	int jointSolver = (int)app.jointSolver;
	if ( ImGui::Combo( "joint solver", &jointSolver, ttJointSolverNames, ttJointSolverCount ) )
	{
		app.jointSolver = (ttJointSolverType)jointSolver;
		changed = true;
	}
	ImGui::TextUnformatted( "long range constraints" );
	for ( int i = 0; i < ttLongRange_featureCount; ++i )
	{
		const char* label = ttLongRangeFeatureName( (ttLongRangeFeature)i );
		changed = ImGui::Checkbox( label, &app.longRange[i] ) || changed;
	}
	ImGui::BeginDisabled( app.longRange[ttLongRange_hierarchy] == false );
	changed = ImGui::SliderInt( "hierarchy levels", &app.longRangeLevels, 1, 16 ) || changed;
	ImGui::EndDisabled();
	if ( changed )
	{
		app.ApplySettings();
	}
	ImGui::SliderFloat( "spring k (1/s^2)", &app.spring.stiffness, 10, 1000, "%.0f", ImGuiSliderFlags_Logarithmic );
}

static void DebugToggles( ViewerApp& app )
{
	ImGui::Checkbox( "contact points and normals", &app.debug.contacts );
	ImGui::Checkbox( "joint frames", &app.debug.jointFrames );
	ImGui::Checkbox( "joint rods and mounts", &app.debug.jointRods );
	ImGui::Checkbox( "ground grid", &app.debug.ground );
	ImGui::Checkbox( "joint force/torque labels", &app.debug.jointLabels );
	ImGui::Checkbox( "joint limits", &app.debug.limits );
	ImGui::Checkbox( "AABBs", &app.debug.aabbs );
	ImGui::Checkbox( "broadphase tree", &app.debug.broadphaseTree );
	ImGui::Checkbox( "tint sleeping bodies", &app.debug.sleeping );
	ImGui::Checkbox( "long range constraints", &app.debug.longRange );
	if ( app.debug.longRange )
	{
		// The key to the colours, in the colours; dim = slack, bright = engaged.
		auto key = [&]( const char* text, ttLongRangeFeature feature, int level, bool sameLine )
		{
			Vec3f c = LongRangeColor( feature, level );
			if ( sameLine )
			{
				ImGui::SameLine();
			}
			ImGui::TextColored( ImVec4( c.x, c.y, c.z, 1 ), "%s", text );
		};
		key( "attachments", ttLongRange_attachments, 0, false );
		key( "hierarchy 1", ttLongRange_hierarchy, 1, true );
		key( "2", ttLongRange_hierarchy, 2, true );
		key( "3", ttLongRange_hierarchy, 3, true );
		key( "4", ttLongRange_hierarchy, 4, true );
		key( "5+", ttLongRange_hierarchy, 5, true );
		key( "hinge chains", ttLongRange_hingeChains, 0, false );
		key( "unions", ttLongRange_shapeMatching, 0, true );
		ImGui::SameLine();
		ImGui::TextDisabled( "(dim: slack)" );
	}
}

static void Stats( ViewerApp& app )
{
	ttStepStats stats = ttWorld_GetStepStats( app.scene.worldId );
	ImGui::Text( "bodies %d (awake %d)  joints %d", stats.bodyCount, ttWorld_GetAwakeBodyCount( app.scene.worldId ),
	             stats.jointCount );
	ImGui::Text( "contacts %d  pairs %d", stats.contactCount, stats.pairCount );
	ImGui::Text( "step %.3f ms (collide %.3f, solve %.3f)", stats.totalMs, stats.collideMs, stats.solveMs );
	for ( int i = 0; i < ttLongRange_featureCount; ++i )
	{
		if ( ttWorld_IsLongRangeEnabled( app.scene.worldId, (ttLongRangeFeature)i ) )
		{
			ImGui::Text( "%s %d (solve %.3f ms)", ttLongRangeFeatureName( (ttLongRangeFeature)i ),
			             stats.longRangeCount[i], stats.longRangeSolveMs[i] );
		}
	}
	ImGui::Text( "energy %.4g J", (double)( ttWorld_GetKineticEnergy( app.scene.worldId ) +
	                                        ttWorld_GetPotentialEnergy( app.scene.worldId ) ) );
	if ( app.spring.active )
	{
		ImGui::Text( "spring force %.3g N", (double)Length( app.spring.force ) );
	}
}

void DrawPanels( ViewerApp& app )
{
	ImGui::SetNextWindowPos( ImVec2( 8, 8 ), ImGuiCond_FirstUseEver );
	ImGui::SetNextWindowSize( ImVec2( 380, 0 ), ImGuiCond_FirstUseEver );
	ImGui::Begin( "tether" );
	ScenePicker( app );
	if ( app.loaded )
	{
		if ( ImGui::CollapsingHeader( "run", ImGuiTreeNodeFlags_DefaultOpen ) )
			RunControls( app );
		if ( ImGui::CollapsingHeader( "solver", ImGuiTreeNodeFlags_DefaultOpen ) )
			SolverControls( app );
		if ( ImGui::CollapsingHeader( "debug draw", ImGuiTreeNodeFlags_DefaultOpen ) )
			DebugToggles( app );
		if ( ImGui::CollapsingHeader( "stats", ImGuiTreeNodeFlags_DefaultOpen ) )
			Stats( app );
	}
	ImGui::TextDisabled( "left drag: pick body or orbit; right drag: orbit;\n"
	                     "middle or shift+drag: pan; wheel: zoom" );
	ImGui::End();
}

void DrawLabels( ViewerApp& app, const std::vector<WorldLabel>& labels, const Mat4f& viewProjection, int width,
                 int height )
{
	ImDrawList* draw = ImGui::GetForegroundDrawList();
	ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
	auto text = [&]( Vec3f p, const char* s )
	{
		float x, y;
		if ( ProjectToScreen( viewProjection, p, width, height, &x, &y ) )
		{
			// The framebuffer may be larger than the window on high-density screens.
			ImVec2 at( x / ( scale.x > 0 ? scale.x : 1 ) + 6, y / ( scale.y > 0 ? scale.y : 1 ) - 6 );
			draw->AddText( ImVec2( at.x + 1, at.y + 1 ), IM_COL32( 0, 0, 0, 200 ), s );
			draw->AddText( at, IM_COL32( 255, 255, 255, 255 ), s );
		}
	};
	for ( const WorldLabel& label : labels )
	{
		text( label.position, label.text.c_str() );
	}
	if ( app.spring.active )
	{
		char s[64];
		snprintf( s, sizeof( s ), "%.3g N", (double)Length( app.spring.force ) );
		text( app.spring.target, s );
	}
}
