"""The pygame-ce window: app loop, controller stack, views, controllers and widgets."""
